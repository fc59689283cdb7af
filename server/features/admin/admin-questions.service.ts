// Question bank edits by system admins. Every create, edit or delete publishes a new
// questionnaire version (publishVersion from the questions feature) as a release with the admin's
// release note (ADR 038), so assessments already started keep the version they pinned. Each version totals 140 points; a change that moves the
// total takes the difference from, or gives it to, the question named in balanceWith.
import { desc, eq, lt } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AdminQuestionChange, type AdminQuestionInput, type AdminQuestionView, type AdminQuestionsPage } from '#domain/contracts/admin.ts';
import { describeConditions } from '#domain/questions/applicability.ts';
import { RETIRED_CODES } from '#domain/questions/bank-retired.ts';
import type { QuestionDef } from '#domain/questions/question-types.ts';
import { isAllowedPoints, MAX_SCORE, QUESTION_POINTS_RANGE } from '#domain/scoring/policy.ts';
import { questionnaireVersions, questions } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { currentVersionId, loadVersionQuestions, publishVersion, toDef, toQuestionView, type ReleaseInput, type VersionQuestion } from '../questions/index.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { CallerContext, ServiceContext } from '../../lib/context.ts';

export const STALE_BANK_MESSAGE = 'The question bank has changed since you loaded it. Reload and try again.';

export function toAdminQuestionView(q: VersionQuestion): AdminQuestionView {
  const { correctiveAction, appliesWhen, criticalWhen, sources } = toDef(q);
  return {
    ...toQuestionView(q),
    corrective_action: { action: correctiveAction.action, priority: correctiveAction.priority, target_days: correctiveAction.targetDays },
    applies_when: appliesWhen,
    critical_when: criticalWhen,
    source_ids: sources,
  };
}

/** Search text: code, wording, domain, subdomain and who the question applies to ("covered institutions"). */
const matches = (q: VersionQuestion, needle: string) =>
  [q.code, q.questionText, q.domainName, q.subdomain, describeConditions(q.appliesWhen)].some((s) => s.toLowerCase().includes(needle));

async function versionLabel(db: Db, versionId: number): Promise<string> {
  const [v] = await db.select({ label: questionnaireVersions.label }).from(questionnaireVersions).where(eq(questionnaireVersions.id, versionId));
  return v?.label ?? `v${versionId}`;
}

export async function listAdminQuestions(ctx: Pick<ServiceContext, 'db'>, page: number, q: string): Promise<AdminQuestionsPage> {
  const { db } = ctx;
  const versionId = await currentVersionId(ctx);
  const all = await loadVersionQuestions(ctx, versionId);
  const needle = q.toLowerCase();
  const filtered = needle ? all.filter((x) => matches(x, needle)) : all;
  const start = (page - 1) * ADMIN_PAGE_SIZE;
  return {
    items: filtered.slice(start, start + ADMIN_PAGE_SIZE).map(toAdminQuestionView),
    total: filtered.length,
    page,
    pageSize: ADMIN_PAGE_SIZE,
    version_id: versionId,
    version_label: await versionLabel(db, versionId),
    total_points: all.reduce((s, x) => s + x.points, 0),
  };
}

function toQuestionDef(code: string, input: AdminQuestionInput): QuestionDef {
  return {
    code,
    domainId: input.domainId,
    subdomain: input.subdomain,
    questionText: input.questionText,
    points: input.points,
    critical: input.critical,
    appliesWhen: input.appliesWhen,
    criticalWhen: input.criticalWhen,
    clock: input.clock,
    documentEvidenceRequired: input.documentEvidenceRequired,
    evidenceDescription: input.evidenceDescription,
    guidance: input.guidance,
    sources: input.sources,
    correctiveAction: input.correctiveAction,
  };
}

/**
 * Every code ever given out: the codes of every published version and the retired codes
 * (domain/questions/bank-retired.ts). A code keeps one meaning for good (docs/decisions/004), so a
 * new question never takes one of them, even one no current question carries.
 */
async function codesEverUsed(db: Db): Promise<{ code: string; domainId: string }[]> {
  const published = await db.selectDistinct({ code: questions.code, domainId: questions.domainId }).from(questions);
  return [...published, ...RETIRED_CODES.map((r) => ({ code: r.code, domainId: '' }))];
}

/** Next code in the domain that was never used, e.g. CI-16 when CI-01 to CI-15 were (retired ones included). */
function nextCode(bank: readonly VersionQuestion[], everUsed: readonly { code: string; domainId: string }[], domainId: string): string {
  const inDomain = [...bank, ...everUsed].find((q) => q.domainId === domainId)?.code;
  const prefix = inDomain?.slice(0, 2) ?? 'XX';
  const used = new Set([...bank, ...everUsed].map((q) => q.code));
  for (let n = 1; n < 100; n++) {
    const code = `${prefix}-${String(n).padStart(2, '0')}`;
    if (!used.has(code)) return code;
  }
  throw badRequest('This domain has no free question codes left');
}

/** Applies balanceWith so the bank keeps totalling MAX_SCORE. */
function rebalance(defs: QuestionDef[], bank: readonly VersionQuestion[], balanceWith: string | null | undefined): QuestionDef[] {
  const delta = defs.reduce((s, d) => s + d.points, 0) - MAX_SCORE;
  if (delta === 0 || !balanceWith) return defs;
  const target = bank.find((q) => q.id === balanceWith);
  if (!target) throw badRequest('The question to balance points with is not in the current version');
  return defs.map((d) => {
    if (d.code !== target.code) return d;
    const points = d.points - delta;
    if (!isAllowedPoints(points)) {
      const { min, max } = QUESTION_POINTS_RANGE;
      throw badRequest(`${d.code} cannot absorb ${delta > 0 ? 'losing' : 'gaining'} ${Math.abs(delta)} point(s): every question is worth ${min} to ${max} points`);
    }
    return { ...d, points };
  });
}

/**
 * The question to balance points with, as a resolver for whichever bank the change is computed on:
 * ids are per version, so an id the admin picked in a bank that has since moved on is followed by
 * its code (a question deleted meanwhile stays unknown: 400).
 */
async function balanceTarget(db: Db, balanceWith: string | null | undefined): Promise<(bank: readonly VersionQuestion[]) => string | null | undefined> {
  if (!balanceWith) return () => balanceWith;
  const [row] = await db.select({ code: questions.code }).from(questions).where(eq(questions.id, balanceWith));
  return (bank) => (row && bank.find((q) => q.code === row.code)?.id) || balanceWith;
}

async function loadCurrent(db: Db) {
  const versionId = await currentVersionId({ db });
  return { versionId, bank: await loadVersionQuestions({ db }, versionId) };
}

/** The question the admin is looking at; 409 when it belongs to an older version. */
async function findInCurrent(db: Db, bank: readonly VersionQuestion[], id: string): Promise<VersionQuestion> {
  const hit = bank.find((q) => q.id === id);
  if (hit) return hit;
  const [old] = await db.select({ id: questions.id }).from(questions).where(eq(questions.id, id));
  if (old) throw conflict(STALE_BANK_MESSAGE);
  throw notFound('Question not found');
}

interface Change {
  defs: QuestionDef[];
  audit: { action: string; code: string; before: unknown; after: unknown };
  /** The release this publish makes (ADR 038): the admin's note and the sources of the question changed. */
  release: ReleaseInput;
}

/** Thrown inside the publishing transaction when another publish got in first; the change is recomputed. */
class BankMovedError extends Error {}
const PUBLISH_ATTEMPTS = 3;

/**
 * Computes the change from the current bank and publishes it only if the bank is still the one it
 * was computed from (compare-and-set under a transaction lock); otherwise recomputes it from the
 * newer bank, so two admins adding questions at once both land. An edit or delete of a question
 * that a concurrent publish replaced ends in the usual 409 (its id belongs to the older version).
 */
async function publishChange(db: Db, actorId: string, compute: (bank: readonly VersionQuestion[]) => Promise<Change> | Change): Promise<AdminQuestionChange> {
  for (let attempt = 1; ; attempt++) {
    const { versionId: basedOn, bank } = await loadCurrent(db);
    const { defs, audit, release } = await compute(bank);
    const [last] = await db.select({ id: questionnaireVersions.id }).from(questionnaireVersions).orderBy(desc(questionnaireVersions.id)).limit(1);
    const label = `v${(last?.id ?? 0) + 1}`;
    try {
      const published = await publishVersion({ db }, defs, actorId, label, `${audit.action} ${audit.code}`, async (tx, versionId) => {
        // publishVersion holds the publish lock since before this version's id was drawn.
        const [previous] = await tx
          .select({ id: questionnaireVersions.id })
          .from(questionnaireVersions)
          .where(lt(questionnaireVersions.id, versionId))
          .orderBy(desc(questionnaireVersions.id))
          .limit(1);
        if (previous?.id !== basedOn) throw new BankMovedError();
        await writeAudit(tx, {
          actorId,
          action: audit.action,
          targetType: 'question',
          targetId: audit.code,
          before: audit.before,
          after: { ...(audit.after as object), versionId, releaseNote: release.notes },
        });
      }, release);
      const bank = await loadVersionQuestions({ db }, published.versionId);
      const q = bank.find((x) => x.code === audit.code);
      return { version_id: published.versionId, version_label: published.label, question: q ? toAdminQuestionView(q) : null };
    } catch (err) {
      if (!(err instanceof BankMovedError)) throw err;
      if (attempt >= PUBLISH_ATTEMPTS) throw conflict(STALE_BANK_MESSAGE);
    }
  }
}

export async function createQuestion(ctx: Pick<CallerContext, 'db' | 'caller'>, input: AdminQuestionInput): Promise<AdminQuestionChange> {
  const { db } = ctx;
  const actorId = ctx.caller.id;
  const balanceIn = await balanceTarget(db, input.balanceWith);
  return publishChange(db, actorId, async (bank) => {
    const code = nextCode(bank, await codesEverUsed(db), input.domainId);
    const defs = rebalance([...bank.map(toDef), toQuestionDef(code, input)], bank, balanceIn(bank));
    return { defs, audit: { action: 'question.created', code, before: null, after: toQuestionDef(code, input) }, release: { notes: input.releaseNote, sources: input.sources } };
  });
}

export async function updateQuestion(ctx: Pick<CallerContext, 'db' | 'caller'>, id: string, input: AdminQuestionInput): Promise<AdminQuestionChange> {
  const { db } = ctx;
  const actorId = ctx.caller.id;
  const balanceIn = await balanceTarget(db, input.balanceWith === id ? null : input.balanceWith);
  return publishChange(db, actorId, async (bank) => {
    const existing = await findInCurrent(db, bank, id);
    const next = toQuestionDef(existing.code, input);
    const defs = rebalance(bank.map((q) => (q.id === id ? next : toDef(q))), bank, balanceIn(bank));
    const sources = [...new Set([...existing.sources, ...next.sources])];
    return { defs, audit: { action: 'question.updated', code: existing.code, before: toDef(existing), after: next }, release: { notes: input.releaseNote, sources } };
  });
}

export async function deleteQuestion(
  ctx: Pick<CallerContext, 'db' | 'caller'>,
  id: string,
  balanceWith: string | null | undefined,
  releaseNote: string,
): Promise<AdminQuestionChange> {
  const { db } = ctx;
  const actorId = ctx.caller.id;
  if (balanceWith === id) throw badRequest('Choose another question to balance the points with');
  const balanceIn = await balanceTarget(db, balanceWith);
  return publishChange(db, actorId, async (bank) => {
    const existing = await findInCurrent(db, bank, id);
    const defs = rebalance(bank.filter((q) => q.id !== id).map(toDef), bank, balanceIn(bank));
    return { defs, audit: { action: 'question.deleted', code: existing.code, before: toDef(existing), after: {} }, release: { notes: releaseNote, sources: existing.sources } };
  });
}
