// What is due for an organization (ADR 019): its legal clocks, the next assessment, expiring
// evidence, corrective actions and the certification. GET /api/deadlines lists it; the reminder
// jobs (reminders.ts) read the same facts, so the panel and the e-mails agree.
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DeadlineKind, DeadlineView } from '#domain/contracts/cycles.ts';
import { clockOccurrences, reassessDueOn, type ClockOccurrence } from '#domain/cycles/deadlines.ts';
import { laterAssessmentFailed } from '#domain/certification/certification.ts';
import { addDays, daysBetween, utcDay } from '#domain/dates.ts';
import { isExpired } from '#domain/evidence-freshness.ts';
import { questionsFor, type ApplicabilityProfile } from '#domain/questions/applicability.ts';
import type { LegalClock } from '#domain/questions/clocks.ts';
import { citationOf } from '#domain/questions/sources.ts';
import type { Db } from '../../db/client.ts';
import { assessmentQuestions, assessments, certifications, correctiveActions, domains, evidenceFiles, organizations, questions } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/db-rows.ts';
import { isReportReleased } from '../actions/index.ts';
import { currentVersionId, loadVersionQuestions } from '../questions/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

/** The reassessment date is the product's rhythm, not a legal duty: said so wherever it is shown. */
export const REASSESS_SUGGESTION = 'MVRSP Assess suggests a new assessment every 90 days; no law sets this date.';

/** Evidence expiring and actions due within this many days are listed (expired and overdue ones always). */
export const DEADLINE_HORIZON_DAYS = 90;

/**
 * App paths a deadline links to (the SPA's route table, src/config/paths.ts, spells them for the
 * pages; the server needs them for the panel's links and the e-mails, so they are repeated here).
 */
export const APP_PATHS = {
  dashboard: '/dashboard',
  assessmentNew: '/assessment/new',
  assessment: (id: string, questionId?: string) => `/assessment/${encodeURIComponent(id)}${questionId ? `?q=${encodeURIComponent(questionId)}` : ''}`,
  actionPlan: '/action-plan',
  certification: '/certification',
} as const;

export interface OrgRef {
  id: string;
  name: string;
  applicability: ApplicabilityProfile | null;
}

interface AssessmentRef {
  id: string;
  submittedOn: string;
}

export interface Cycle {
  lastSubmitted: AssessmentRef | null;
  inProgressId: string | null;
  latestId: string | null;
}

/** The organization's latest submitted assessment and the one in progress (either may be missing). */
export async function loadCycle(ctx: Pick<ServiceContext, 'db'>, organizationId: string): Promise<Cycle> {
  return (await loadCycles(ctx, [organizationId])).get(organizationId)!;
}

/**
 * loadCycle for many organizations in two statements (the reminder jobs, reminders.ts): every
 * given id gets an entry.
 */
export async function loadCycles(ctx: Pick<ServiceContext, 'db'>, organizationIds: readonly string[]): Promise<Map<string, Cycle>> {
  const { db } = ctx;
  const out = new Map<string, Cycle>(organizationIds.map((id) => [id, { lastSubmitted: null, inProgressId: null, latestId: null }]));
  if (!organizationIds.length) return out;
  const ids = [...organizationIds];
  const submitted = await db
    .selectDistinctOn([assessments.organizationId], { organizationId: assessments.organizationId, id: assessments.id, submittedAt: assessments.submittedAt })
    .from(assessments)
    .where(and(inArray(assessments.organizationId, ids), eq(assessments.status, 'submitted'), isNotNull(assessments.submittedAt)))
    .orderBy(assessments.organizationId, desc(assessments.submittedAt));
  // At most one in progress per organization (assessments_one_in_progress_uq).
  const inProgress = await db
    .select({ organizationId: assessments.organizationId, id: assessments.id })
    .from(assessments)
    .where(and(inArray(assessments.organizationId, ids), eq(assessments.status, 'in_progress')));
  const progressOf = new Map(inProgress.map((a) => [a.organizationId, a.id]));
  const submittedOf = new Map(submitted.map((a) => [a.organizationId, { id: a.id, submittedOn: utcDay(a.submittedAt!) }]));
  for (const id of ids) {
    const lastSubmitted = submittedOf.get(id) ?? null;
    const inProgressId = progressOf.get(id) ?? null;
    out.set(id, { lastSubmitted, inProgressId, latestId: inProgressId ?? lastSubmitted?.id ?? null });
  }
  return out;
}

export interface ClockQuestion {
  questionId: string;
  code: string;
  clock: LegalClock;
  /** The assessment it is asked in (to link to), or null when no assessment exists yet. */
  assessmentId: string | null;
}

/**
 * The questions with a legal clock that the organization is asked: those frozen into its latest
 * assessment (assessment_questions); before any assessment, the current version's questions that
 * apply to its applicability profile (questionsFor), as a new assessment would freeze them.
 */
export async function loadClockQuestions(ctx: Pick<ServiceContext, 'db'>, org: OrgRef, latestId: string | null): Promise<ClockQuestion[]> {
  return (await loadClockQuestionsOf(ctx, [{ org, latestId }])).get(org.id) ?? [];
}

/**
 * loadClockQuestions for many organizations in a fixed number of statements: the clock questions
 * of every latest assessment at once, and the current version's questions once when an
 * organization has no assessment yet. Applicability is resolved question by question
 * (resolveApplicability), so keeping only the questions with a clock first changes nothing.
 */
export async function loadClockQuestionsOf(ctx: Pick<ServiceContext, 'db'>, list: readonly { org: OrgRef; latestId: string | null }[]): Promise<Map<string, ClockQuestion[]>> {
  const { db } = ctx;
  const out = new Map<string, ClockQuestion[]>();
  const latestIds = [...new Set(list.flatMap((x) => (x.latestId ? [x.latestId] : [])))];
  const frozen = latestIds.length
    ? await db
        .select({ assessmentId: assessmentQuestions.assessmentId, id: questions.id, code: questions.code, clock: questions.clock })
        .from(assessmentQuestions)
        .innerJoin(questions, eq(questions.id, assessmentQuestions.questionId))
        .innerJoin(domains, eq(domains.id, questions.domainId))
        .where(and(inArray(assessmentQuestions.assessmentId, latestIds), isNotNull(questions.clock)))
        .orderBy(asc(domains.sortOrder), asc(questions.sortOrder), asc(questions.code))
    : [];
  const byAssessment = new Map<string, ClockQuestion[]>();
  for (const q of frozen) {
    if (!q.clock) continue;
    const list = byAssessment.get(q.assessmentId) ?? [];
    list.push({ questionId: q.id, code: q.code, clock: q.clock, assessmentId: q.assessmentId });
    byAssessment.set(q.assessmentId, list);
  }
  const needVersion = list.some((x) => !x.latestId && x.org.applicability);
  const versionClocks = needVersion ? (await loadVersionQuestions(ctx, await currentVersionId(ctx))).filter((q) => q.clock) : [];
  for (const { org, latestId } of list) {
    if (latestId) out.set(org.id, byAssessment.get(latestId) ?? []);
    else if (org.applicability) out.set(org.id, questionsFor(versionClocks, org.applicability).map((q) => ({ questionId: q.id, code: q.code, clock: q.clock!, assessmentId: null })));
    else out.set(org.id, []);
  }
  return out;
}

export interface ClockDeadline extends ClockQuestion {
  occurrence: ClockOccurrence;
}

/** Every occurrence of the organization's clocks after `today` (see clockOccurrences): only dates the law sets. */
export async function loadClockDeadlines(ctx: Pick<ServiceContext, 'db'>, org: OrgRef, today: string, cycle?: Cycle): Promise<ClockDeadline[]> {
  const { latestId } = cycle ?? (await loadCycle(ctx, org.id));
  return clockDeadlinesOf(await loadClockQuestions(ctx, org, latestId), today);
}

/** The occurrences of the given clock questions after `today` (clockOccurrences). */
export function clockDeadlinesOf(clocks: readonly ClockQuestion[], today: string): ClockDeadline[] {
  return clocks.flatMap((c) => clockOccurrences(c.clock, today).map((occurrence) => ({ ...c, occurrence })));
}

export interface EvidenceDeadline {
  /** The first row of the file's carry chain: the same document keeps this id across assessments. */
  rootId: string;
  id: string;
  assessmentId: string;
  questionId: string;
  code: string;
  fileName: string;
  expiresOn: string;
  uploadedBy: string | null;
}

/**
 * Attached files with an expiry date in the organization's latest assessments (the last submitted
 * one and the one in progress). A file carried into the assessment in progress is the same
 * document as its original: it is listed once (the copy in progress), keyed by its chain's root.
 * A file outlived by another file attached to the same question of the same assessment (one with
 * no expiry or a later one) is left out: the question keeps current evidence, so its expiry is no
 * alarm and needs no reminder.
 */
export async function loadEvidenceDeadlines(ctx: Pick<ServiceContext, 'db'>, cycle: Cycle): Promise<EvidenceDeadline[]> {
  return (await loadEvidenceDeadlinesOf(ctx, [cycle]))[0]!;
}

/** loadEvidenceDeadlines for many cycles (one per organization) in two statements; the lists in the cycles' order. */
export async function loadEvidenceDeadlinesOf(ctx: Pick<ServiceContext, 'db'>, cycles: readonly Cycle[]): Promise<EvidenceDeadline[][]> {
  const { db } = ctx;
  const ids = [...new Set(cycles.flatMap((c) => [c.inProgressId, c.lastSubmitted?.id].filter((x): x is string => !!x)))];
  if (!ids.length) return cycles.map(() => []);
  const attached = await db
    .select({
      id: evidenceFiles.id,
      assessmentId: evidenceFiles.assessmentId,
      questionId: evidenceFiles.questionId,
      code: questions.code,
      fileName: evidenceFiles.fileName,
      expiresOn: evidenceFiles.expiresOn,
      uploadedBy: evidenceFiles.uploadedBy,
      carriedFrom: evidenceFiles.carriedFrom,
    })
    .from(evidenceFiles)
    .innerJoin(questions, eq(questions.id, evidenceFiles.questionId))
    .where(and(inArray(evidenceFiles.assessmentId, ids), eq(evidenceFiles.status, 'attached')));
  // Per assessment and question, the last day any attached file counts ('~' outlasts every date: no expiry).
  const lastDay = new Map<string, string>();
  for (const f of attached) {
    const key = `${f.assessmentId}:${f.questionId}`;
    const until = f.expiresOn ?? '~';
    if ((lastDay.get(key) ?? '') < until) lastDay.set(key, until);
  }
  const files = attached.filter((f) => f.expiresOn !== null);
  if (!files.length) return cycles.map(() => []);
  const roots = await carryRoots(db, files.filter((f) => f.carriedFrom).map((f) => f.id));
  const byAssessment = new Map<string, typeof files>();
  for (const f of files) {
    const list = byAssessment.get(f.assessmentId);
    if (list) list.push(f);
    else byAssessment.set(f.assessmentId, [f]);
  }
  return cycles.map((cycle) => {
    const mine = [cycle.inProgressId, cycle.lastSubmitted?.id].filter((x, i, all): x is string => !!x && all.indexOf(x) === i).flatMap((id) => byAssessment.get(id) ?? []);
    const byRoot = new Map<string, EvidenceDeadline>();
    // The assessment in progress first: its copy wins over the original it was carried from.
    const ordered = [...mine].sort((a, b) => Number(b.assessmentId === cycle.inProgressId) - Number(a.assessmentId === cycle.inProgressId));
    for (const f of ordered) {
      const rootId = roots.get(f.id) ?? f.id;
      if (!byRoot.has(rootId)) byRoot.set(rootId, { rootId, id: f.id, assessmentId: f.assessmentId, questionId: f.questionId, code: f.code, fileName: f.fileName, expiresOn: f.expiresOn!, uploadedBy: f.uploadedBy });
    }
    return [...byRoot.values()].filter((e) => (lastDay.get(`${e.assessmentId}:${e.questionId}`) ?? '') <= e.expiresOn);
  });
}

/** For carried files: the first row of each one's carried_from chain that still exists. */
async function carryRoots(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ start: string; id: string }>(
    await db.execute(sql`
      with recursive chain(start, id, carried_from, depth) as (
        select e.id, e.id, e.carried_from, 0 from evidence_files e where e.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
        union all
        select chain.start, p.id, p.carried_from, chain.depth + 1 from chain join evidence_files p on p.id = chain.carried_from where chain.depth < 100
      )
      select distinct on (start) start, id from chain order by start, depth desc`),
  );
  return new Map(rows.map((r) => [r.start, r.id]));
}

export interface ActionDeadline {
  id: string;
  code: string;
  questionId: string;
  action: string;
  ownerId: string | null;
  targetDay: string;
}

/**
 * Open corrective actions with a target date. An action follows its gap across assessments by
 * code (corrective_actions.code); where a gap has rows from several assessments, the newest is it.
 */
export async function loadActionDeadlines(ctx: Pick<ServiceContext, 'db'>, organizationId: string): Promise<ActionDeadline[]> {
  return (await loadActionDeadlinesOf(ctx, [organizationId])).get(organizationId) ?? [];
}

/** loadActionDeadlines for many organizations in one statement. */
export async function loadActionDeadlinesOf(ctx: Pick<ServiceContext, 'db'>, organizationIds: readonly string[]): Promise<Map<string, ActionDeadline[]>> {
  const { db } = ctx;
  const out = new Map<string, ActionDeadline[]>();
  if (!organizationIds.length) return out;
  const rows = await db
    .select({
      organizationId: correctiveActions.organizationId,
      id: correctiveActions.id,
      code: sql<string>`coalesce(${correctiveActions.code}, ${questions.code})`,
      questionId: correctiveActions.questionId,
      action: questions.correctiveAction,
      questionText: questions.questionText,
      ownerId: correctiveActions.ownerId,
      targetDate: correctiveActions.targetDate,
    })
    .from(correctiveActions)
    .innerJoin(questions, eq(questions.id, correctiveActions.questionId))
    .where(
      and(
        inArray(correctiveActions.organizationId, [...organizationIds]),
        ne(correctiveActions.status, 'done'),
        isNull(correctiveActions.closedAt),
        isNotNull(correctiveActions.targetDate),
      ),
    )
    .orderBy(asc(correctiveActions.organizationId), desc(correctiveActions.createdAt), asc(correctiveActions.id));
  const seen = new Set<string>();
  for (const r of rows) {
    const key = `${r.organizationId}:${r.code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = out.get(r.organizationId) ?? [];
    list.push({ id: r.id, code: r.code, questionId: r.questionId, action: r.action ?? `Put in place: ${r.questionText}`, ownerId: r.ownerId, targetDay: utcDay(r.targetDate!) });
    out.set(r.organizationId, list);
  }
  return out;
}

export interface CertificationDeadline {
  id: string;
  expiresOn: string;
  expired: boolean;
}

/**
 * The newest certification record of the organization (the head of its chain), or null; null too
 * when a later submitted assessment did not pass, which supersedes the record
 * (laterAssessmentFailed in domain/certification/certification.ts): nothing of it is then due.
 */
export async function loadCertificationDeadline(ctx: Pick<ServiceContext, 'db'>, organizationId: string, now: Date): Promise<CertificationDeadline | null> {
  return (await loadCertificationDeadlinesOf(ctx, [organizationId], now)).get(organizationId) ?? null;
}

/** loadCertificationDeadline for many organizations in two statements (organizations with nothing due are absent). */
export async function loadCertificationDeadlinesOf(ctx: Pick<ServiceContext, 'db'>, organizationIds: readonly string[], now: Date): Promise<Map<string, CertificationDeadline>> {
  const { db } = ctx;
  const out = new Map<string, CertificationDeadline>();
  if (!organizationIds.length) return out;
  const heads = await db
    .selectDistinctOn([certifications.organizationId], {
      organizationId: certifications.organizationId,
      id: certifications.id,
      assessmentId: certifications.assessmentId,
      signedAt: certifications.signedAt,
      expiresAt: certifications.expiresAt,
    })
    .from(certifications)
    .where(inArray(certifications.organizationId, [...organizationIds]))
    .orderBy(certifications.organizationId, desc(certifications.signedAt), desc(certifications.createdAt));
  if (!heads.length) return out;
  const submitted = await db
    .select({ organizationId: assessments.organizationId, id: assessments.id, submittedAt: assessments.submittedAt, passFail: assessments.passFail })
    .from(assessments)
    .where(and(inArray(assessments.organizationId, heads.map((h) => h.organizationId)), eq(assessments.status, 'submitted')));
  const submittedOf = new Map<string, typeof submitted>();
  for (const a of submitted) {
    const list = submittedOf.get(a.organizationId);
    if (list) list.push(a);
    else submittedOf.set(a.organizationId, [a]);
  }
  for (const head of heads) {
    const mine = (submittedOf.get(head.organizationId) ?? []).map((a) => ({ ...a, submittedAt: a.submittedAt ?? head.signedAt }));
    if (laterAssessmentFailed(head, mine)) continue;
    out.set(head.organizationId, { id: head.id, expiresOn: utcDay(head.expiresAt), expired: head.expiresAt.getTime() <= now.getTime() });
  }
  return out;
}

const KIND_ORDER: Record<DeadlineKind, number> = { legal: 0, certification: 1, reassess: 2, action: 3, evidence: 4 };

/** Dated first, soonest first (overdue ones lead); standing duties after them. */
export function sortDeadlines(list: DeadlineView[]): DeadlineView[] {
  return [...list].sort((a, b) => {
    if (a.due_on !== b.due_on) {
      if (a.due_on === null) return 1;
      if (b.due_on === null) return -1;
      return a.due_on < b.due_on ? -1 : 1;
    }
    return KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.code ?? '').localeCompare(b.code ?? '');
  });
}

export async function loadOrg(ctx: Pick<ServiceContext, 'db'>, organizationId: string): Promise<OrgRef | null> {
  const { db } = ctx;
  const [org] = await db
    .select({ id: organizations.id, name: organizations.name, applicability: organizations.applicability })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org ?? null;
}

/** GET /api/deadlines: what is due for the caller's organization, soonest first. */
export async function listDeadlines(ctx: Pick<ServiceContext, 'db'>, organizationId: string | null, now: Date): Promise<DeadlineView[]> {
  const org = organizationId ? await loadOrg(ctx, organizationId) : null;
  if (!org) return [];
  const today = utcDay(now);
  const horizon = addDays(today, DEADLINE_HORIZON_DAYS);
  const cycle = await loadCycle(ctx, org.id);
  const out: DeadlineView[] = [];

  for (const c of await loadClockDeadlines(ctx, org, today, cycle)) {
    const { dueOn } = c.occurrence;
    out.push({
      kind: 'legal',
      due_on: dueOn,
      title: c.occurrence.title,
      detail: c.occurrence.detail,
      code: c.code,
      source: citationOf(c.clock.source),
      href: c.assessmentId ? APP_PATHS.assessment(c.assessmentId, c.questionId) : APP_PATHS.assessmentNew,
      overdue: dueOn !== null && dueOn < today,
    });
  }

  if (cycle.lastSubmitted) {
    const dueOn = reassessDueOn(cycle.lastSubmitted.submittedOn);
    out.push({
      kind: 'reassess',
      due_on: dueOn,
      title: 'Suggested next assessment',
      detail: cycle.inProgressId
        ? `${REASSESS_SUGGESTION} An assessment is in progress; the last one was submitted on ${cycle.lastSubmitted.submittedOn}.`
        : `${REASSESS_SUGGESTION} The last one was submitted on ${cycle.lastSubmitted.submittedOn}.`,
      code: null,
      source: null,
      href: cycle.inProgressId ? APP_PATHS.assessment(cycle.inProgressId) : APP_PATHS.assessmentNew,
      // A suggestion is never overdue.
      overdue: false,
    });
  }

  const cert = await loadCertificationDeadline(ctx, org.id, now);
  if (cert) {
    out.push({
      kind: 'certification',
      due_on: cert.expiresOn,
      title: cert.expired ? 'Self-certification expired' : 'Self-certification expires',
      detail: cert.expired ? `Your last self-certification expired on ${cert.expiresOn}: certify a passing assessment again.` : `Certify again before ${cert.expiresOn} to keep a current record.`,
      code: null,
      source: null,
      href: APP_PATHS.certification,
      overdue: cert.expired,
    });
  }

  // Target dates are part of the paid action plan (ADR 012; GET /api/actions answers 403 payment_required).
  const actions = (await isReportReleased(ctx, org.id, now)) ? await loadActionDeadlines(ctx, org.id) : [];
  for (const a of actions) {
    if (a.targetDay > horizon) continue;
    const overdue = a.targetDay < today;
    out.push({
      kind: 'action',
      due_on: a.targetDay,
      title: `Corrective action ${a.code}`,
      detail: a.action,
      code: a.code,
      source: null,
      href: APP_PATHS.actionPlan,
      overdue,
    });
  }

  for (const e of await loadEvidenceDeadlines(ctx, cycle)) {
    if (e.expiresOn > horizon) continue;
    const expired = isExpired(e.expiresOn, today);
    const left = daysBetween(today, e.expiresOn);
    out.push({
      kind: 'evidence',
      due_on: e.expiresOn,
      title: expired ? `Evidence expired: ${e.fileName}` : `Evidence expires: ${e.fileName}`,
      detail: expired
        ? `Expired on ${e.expiresOn}; it no longer counts as evidence for ${e.code}. Upload a current version.`
        : `Counts as evidence for ${e.code} until ${e.expiresOn} (${left === 0 ? 'last day today' : `${left} day${left === 1 ? '' : 's'} left`}).`,
      code: e.code,
      source: null,
      href: APP_PATHS.assessment(e.assessmentId, e.questionId),
      overdue: expired,
    });
  }
  return sortDeadlines(out);
}
