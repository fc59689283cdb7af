// Questionnaire versions: read a version, publish a new one. A published version's rows are
// never modified; edits publish a copy (docs/decisions/004).
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { questionsFor, type ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { checkQuestionBank } from '#domain/questions/bank-rules.ts';
import { questionDefSchema, type QuestionDef } from '#domain/questions/question-types.ts';
import type { ScoringQuestion } from '#domain/scoring/types.ts';
import type { QuestionView, DomainView } from '#domain/contracts/assessments.ts';
import type { QuestionNovelty } from '#domain/contracts/enums.ts';
import { noveltiesOf } from '#domain/cycles/carry.ts';
import { citationOf, citationsOf } from '#domain/questions/sources.ts';
import { changedCodes } from '#domain/questions/releases.ts';
import type { Db } from '../../db/client.ts';
import { assessmentQuestions, assessments, domains, questionnaireVersions, questions } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/validator.ts';
import type { ServiceContext } from '../../lib/context.ts';

type QuestionRow = typeof questions.$inferSelect;
/** `novelty` is set only for the questions asked in an assessment (loadAssessmentQuestions). */
export type VersionQuestion = QuestionRow & { domainName: string; novelty?: QuestionNovelty | null };

/** The newest published version (the one new assessments pin). */
export async function currentVersionId(ctx: Pick<ServiceContext, 'db'>): Promise<number> {
  const { db } = ctx;
  const [v] = await db.select({ id: questionnaireVersions.id }).from(questionnaireVersions).orderBy(desc(questionnaireVersions.id)).limit(1);
  if (!v) throw notFound('No questionnaire has been published yet');
  return v.id;
}

/** The assessment's id when it belongs to the organization; 404 otherwise (another org learns nothing). */
export async function ownedAssessmentId(ctx: Pick<ServiceContext, 'db'>, assessmentId: string, organizationId: string | null): Promise<{ id: string; versionId: number }> {
  const { db } = ctx;
  const [a] = await db
    .select({ id: assessments.id, versionId: assessments.versionId })
    .from(assessments)
    .where(and(eq(assessments.id, assessmentId), eq(assessments.organizationId, organizationId ?? '00000000-0000-0000-0000-000000000000')));
  if (!a) throw notFound('Assessment not found');
  return a;
}

/** A version's questions ordered by domain, then position. */
export async function loadVersionQuestions(ctx: Pick<ServiceContext, 'db'>, versionId: number): Promise<VersionQuestion[]> {
  const { db } = ctx;
  const rows = await db
    .select({ q: questions, domainName: domains.name })
    .from(questions)
    .innerJoin(domains, eq(domains.id, questions.domainId))
    .where(eq(questions.versionId, versionId))
    .orderBy(asc(domains.sortOrder), asc(questions.sortOrder), asc(questions.code));
  return rows.map((r) => ({ ...r.q, domainName: r.domainName }));
}

/**
 * The questions asked in an assessment: the set frozen when it started (assessment_questions),
 * with the gate flag resolved for its applicability profile, in bank order. `critical` is that
 * frozen flag, not the question's published one. Everything that reads an assessment's questions
 * (questions list, answers, deferrals, evidence, scoring, counts) goes through this.
 */
export async function loadAssessmentQuestions(ctx: Pick<ServiceContext, 'db'>, assessmentId: string): Promise<VersionQuestion[]> {
  const { db } = ctx;
  const rows = await db
    .select({ q: questions, domainName: domains.name, critical: assessmentQuestions.critical, novelty: assessmentQuestions.novelty })
    .from(assessmentQuestions)
    .innerJoin(questions, eq(questions.id, assessmentQuestions.questionId))
    .innerJoin(domains, eq(domains.id, questions.domainId))
    .where(eq(assessmentQuestions.assessmentId, assessmentId))
    .orderBy(asc(domains.sortOrder), asc(questions.sortOrder), asc(questions.code));
  return rows.map((r) => ({ ...r.q, critical: r.critical, domainName: r.domainName, novelty: r.novelty ?? null }));
}

/** Is the question asked in the assessment (one of its frozen questions)? */
export async function isAssessmentQuestion(ctx: Pick<ServiceContext, 'db'>, assessmentId: string, questionId: string): Promise<boolean> {
  const { db } = ctx;
  if (!isUuid(assessmentId) || !isUuid(questionId)) return false;
  const [row] = await db
    .select({ id: assessmentQuestions.questionId })
    .from(assessmentQuestions)
    .where(and(eq(assessmentQuestions.assessmentId, assessmentId), eq(assessmentQuestions.questionId, questionId)));
  return row !== undefined;
}

/**
 * Freezes the questions asked in a new assessment: the version's questions that apply to the
 * profile, each with its gate resolved (questionsFor, domain/questions/applicability.ts). Run in
 * the transaction that inserts the assessment. With `previous` (the questions asked in the
 * assessment it starts from) each question is frozen with its novelty against it (noveltyOf,
 * domain/cycles/carry.ts); without, novelty stays null. Returns the questions asked.
 */
export async function freezeAssessmentQuestions(
  ctx: Pick<ServiceContext, 'db'>,
  input: { assessmentId: string; versionId: number; applicability: ApplicabilityProfile | null; previous?: readonly VersionQuestion[] },
): Promise<VersionQuestion[]> {
  const { db } = ctx;
  const asked = questionsFor(await loadVersionQuestions(ctx, input.versionId), input.applicability);
  if (asked.length === 0) return [];
  const novelty = input.previous ? noveltiesOf(input.previous, asked) : new Map<string, QuestionNovelty | null>();
  const frozen = asked.map((q) => ({ ...q, novelty: novelty.get(q.id) ?? null }));
  await db.insert(assessmentQuestions).values(frozen.map((q) => ({ assessmentId: input.assessmentId, questionId: q.id, critical: q.critical, novelty: q.novelty })));
  return frozen;
}

export function toQuestionView(q: VersionQuestion): QuestionView {
  return {
    id: q.id,
    code: q.code,
    domain_id: q.domainId,
    domain_name: q.domainName,
    subdomain: q.subdomain,
    question_text: q.questionText,
    points: q.points,
    critical: q.critical,
    document_evidence_required: q.documentEvidenceRequired,
    evidence_description: q.evidenceDescription ?? '',
    guidance: q.guidance ?? '',
    sources: q.sources.map(citationOf),
    citations: citationsOf(q.sources),
    clock: q.clock ?? null,
    novelty: q.novelty ?? null,
  };
}

export function toDef(q: QuestionRow): QuestionDef {
  return {
    code: q.code,
    domainId: q.domainId,
    subdomain: q.subdomain,
    questionText: q.questionText,
    points: q.points,
    critical: q.critical,
    appliesWhen: q.appliesWhen,
    criticalWhen: q.criticalWhen,
    clock: q.clock ?? null,
    documentEvidenceRequired: q.documentEvidenceRequired,
    evidenceDescription: q.evidenceDescription ?? '',
    guidance: q.guidance ?? '',
    sources: q.sources,
    correctiveAction: {
      action: q.correctiveAction ?? `Put in place: ${q.questionText}`,
      priority: q.actionPriority ?? (q.critical ? 'critical' : 'medium'),
      targetDays: q.targetDays ?? (q.critical ? 30 : 90),
    },
  };
}

export function toScoringQuestion(q: QuestionRow): ScoringQuestion {
  return { id: q.id, ...toDef(q) };
}

export async function listDomainViews(ctx: Pick<ServiceContext, 'db'>): Promise<DomainView[]> {
  const { db } = ctx;
  const rows = await db.select().from(domains).orderBy(asc(domains.sortOrder));
  return rows.map((d) => ({ id: d.id, name: d.name, icon: d.icon, description: d.description ?? '' }));
}

export interface ReleaseInput {
  notes: string | null;
  sources: string[];
}

const bankInputSchema = z.array(questionDefSchema).min(1, 'A questionnaire needs at least one question');

/**
 * Publishes a new questionnaire version holding `questionsInput` (the complete bank, in order).
 * Used by the start-up seed and by the admin area (create/edit/delete = copy the current
 * version's defs, change them, publish). Throws 400 with every problem when the bank is invalid.
 */
/** Serialises publishes of the question bank (any constant key shared by every instance on one database). */
export const PUBLISH_LOCK_KEY = 7_401_140;

export async function publishVersion(
  ctx: Pick<ServiceContext, 'db'>,
  questionsInput: readonly QuestionDef[],
  createdBy: string | null,
  label: string,
  notes: string | null = null,
  /** Runs inside the publishing transaction (e.g. the admin audit entry). */
  inTransaction?: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], versionId: number) => Promise<void>,
  /** The release notes shown to organizations (ADR 038) and the source ids they rest on. */
  release: ReleaseInput = { notes: null, sources: [] },
): Promise<{ versionId: number; label: string; questionCount: number; changed: string[] }> {
  const { db } = ctx;
  const parsed = bankInputSchema.safeParse(questionsInput);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badRequest(issues[0]?.message ?? 'Invalid questions', issues);
  }
  const problems = checkQuestionBank(parsed.data);
  if (problems.length) throw badRequest(problems[0]!, problems.map((message) => ({ path: '', message })));
  return db.transaction(async (tx) => {
    // Publishes one at a time, before the version's id is drawn: ids then follow the order in which
    // publishes commit, so a publish that checks which version precedes its own (the admin editor's
    // compare-and-set) cannot miss one still uncommitted with a lower id and drop its change.
    await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK_KEY})`);
    const [version] = await tx
      .insert(questionnaireVersions)
      .values({ label, notes, createdBy, releaseNotes: release.notes, releaseSources: release.sources })
      .returning();
    if (!version) throw new Error('failed to create questionnaire version');
    await tx.insert(questions).values(
      parsed.data.map((q, i) => ({
        versionId: version.id,
        code: q.code,
        domainId: q.domainId,
        subdomain: q.subdomain,
        questionText: q.questionText,
        points: q.points,
        critical: q.critical,
        appliesWhen: q.appliesWhen,
        criticalWhen: q.criticalWhen,
        clock: q.clock,
        documentEvidenceRequired: q.documentEvidenceRequired,
        evidenceDescription: q.evidenceDescription,
        guidance: q.guidance,
        sources: q.sources,
        correctiveAction: q.correctiveAction.action,
        actionPriority: q.correctiveAction.priority,
        targetDays: q.correctiveAction.targetDays,
        sortOrder: i,
      })),
    );
    if (inTransaction) await inTransaction(tx, version.id);
    // Against the version before it, read after inTransaction (which may take the publish lock).
    const [previous] = await tx
      .select({ id: questionnaireVersions.id })
      .from(questionnaireVersions)
      .where(lt(questionnaireVersions.id, version.id))
      .orderBy(desc(questionnaireVersions.id))
      .limit(1);
    const before = previous ? await tx.select().from(questions).where(eq(questions.versionId, previous.id)) : null;
    const changed = changedCodes(before, parsed.data);
    await tx.update(questionnaireVersions).set({ changedCodes: changed }).where(eq(questionnaireVersions.id, version.id));
    return { versionId: version.id, label, questionCount: parsed.data.length, changed };
  });
}

/** The current version as editable defs (what the admin area starts from). */
export async function currentVersionDefs(ctx: Pick<ServiceContext, 'db'>): Promise<{ versionId: number; questions: QuestionDef[] }> {
  const versionId = await currentVersionId(ctx);
  return { versionId, questions: (await loadVersionQuestions(ctx, versionId)).map(toDef) };
}
