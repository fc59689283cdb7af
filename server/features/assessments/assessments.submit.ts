// Submit: the server scores stored answers against the questions asked in the assessment (frozen at
// start from its pinned version and applicability profile; the browser's preview never counts),
// locks the assessment and reconciles the organization's action plan (carry, close, open: ADR 019).
import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { ResultView } from '#domain/contracts/assessments.ts';
import { readResultView, toResultView } from '#domain/scoring/result-views.ts';
import { scoreAssessment } from '#domain/scoring/scoring.ts';
import type { AnswerMap, ScoreResult } from '#domain/scoring/types.ts';
import { assessments, clientMutations, responses } from '../../db/schema/index.ts';
import { reconcileActionPlan } from '../actions/index.ts';
import { AppError, assessmentLocked, conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/validator.ts';
import { cycleResult } from './assessments.carry.ts';
import { listDomainViews, loadAssessmentQuestions, toScoringQuestion, type VersionQuestion } from '../questions/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

export interface SubmitInput {
  assessmentId: string;
  organizationId: string;
  userId: string;
  /** Defaults to the current time. */
  now?: Date;
}

/** The answers given in an assessment; carried answers still to re-confirm count as unanswered (ADR 019). */
export async function loadAnswerMap(ctx: Pick<ServiceContext, 'db'>, assessmentId: string): Promise<AnswerMap> {
  const { db } = ctx;
  const rows = await db
    .select({ q: responses.questionId, a: responses.answer })
    .from(responses)
    .where(and(eq(responses.assessmentId, assessmentId), ne(responses.origin, 'carried')));
  return Object.fromEntries(rows.map((r) => [r.q, r.a === 'yes' || r.a === 'no' ? r.a : undefined]));
}

/** Scores stored answers against the questions asked (loadAssessmentQuestions: their gates resolved). */
export async function scoreStoredAnswers(ctx: Pick<ServiceContext, 'db'>, asked: VersionQuestion[], answers: AnswerMap): Promise<ScoreResult> {
  const domains = await listDomainViews(ctx);
  return scoreAssessment(asked.map(toScoringQuestion), answers, domains);
}

function assertComplete(asked: VersionQuestion[], answers: AnswerMap) {
  const unanswered = asked.filter((q) => answers[q.id] !== 'yes' && answers[q.id] !== 'no');
  if (unanswered.length === 0) return;
  const n = unanswered.length;
  throw new AppError(409, 'incomplete_assessment', `${n} question${n === 1 ? '' : 's'} still need${n === 1 ? 's' : ''} an answer before you can submit`, {
    unanswered: unanswered.map((q) => ({ id: q.id, code: q.code, question_text: q.questionText })),
  });
}

/**
 * Submits one assessment in a transaction (a savepoint when `db` is already one, e.g. from the
 * sync push). Throws 404, 409 assessment_locked (already submitted) or 409 incomplete_assessment.
 */
export async function submitAssessment(ctx: Pick<ServiceContext, 'db'>, input: SubmitInput): Promise<ResultView> {
  const { db } = ctx;
  const submittedAt = input.now ?? new Date();
  return db.transaction(async (tx) => {
    // Row lock: waits for answer writes in flight (they hold a share lock) and blocks new ones.
    const [a] = await tx
      .select()
      .from(assessments)
      .where(and(eq(assessments.id, input.assessmentId), eq(assessments.organizationId, input.organizationId)))
      .for('update');
    if (!a) throw notFound('Assessment not found');
    if (a.status !== 'in_progress') throw assessmentLocked();
    const asked = await loadAssessmentQuestions({ db: tx }, a.id);
    const answers = await loadAnswerMap({ db: tx }, a.id);
    assertComplete(asked, answers);
    const score = await scoreStoredAnswers({ db: tx }, asked, answers);
    const cycle = await cycleResult(tx, a, asked, answers, submittedAt);
    const view = toResultView(a.id, score, submittedAt, a.applicability ?? null, cycle);
    await tx
      .update(assessments)
      .set({ status: 'submitted', submittedAt, submittedBy: input.userId, totalScore: score.totalScore, grade: score.grade, passFail: score.passFail, result: view })
      .where(eq(assessments.id, a.id));
    await reconcileActionPlan(tx, { assessmentId: a.id, organizationId: a.organizationId, score, submittedAt });
    return view;
  });
}

/** A UUID idempotency key is used as is; any other key maps to a stable UUID per user. */
export function mutationIdFromKey(key: string, userId: string): string {
  if (isUuid(key)) return key.toLowerCase();
  const h = createHash('sha256').update(`idempotency:${userId}:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

interface StoredSubmit {
  status: 'applied';
  assessment: { status: string; submitted_at: string };
  result: ResultView;
}

/**
 * Submit under an idempotency key, recorded in the client_mutations ledger (kind 'assessment.submit')
 * in the same transaction: a replay returns the first response. A failed submit records nothing.
 */
export async function submitAssessmentIdempotent(ctx: Pick<ServiceContext, 'db'>, input: SubmitInput & { mutationId: string }): Promise<ResultView> {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(clientMutations)
      .values({ mutationId: input.mutationId, clientId: 'http', userId: input.userId, organizationId: input.organizationId, kind: 'assessment.submit' })
      .onConflictDoNothing({ target: clientMutations.mutationId })
      .returning({ id: clientMutations.mutationId });
    if (!claimed) {
      const [row] = await tx.select().from(clientMutations).where(eq(clientMutations.mutationId, input.mutationId));
      const stored = row?.result as Partial<StoredSubmit> | null | undefined;
      if (row?.userId !== input.userId || row.kind !== 'assessment.submit' || stored?.result?.assessmentId !== input.assessmentId) {
        throw conflict('This idempotency key was already used for a different request');
      }
      return readResultView(stored.result);
    }
    const view = await submitAssessment({ db: tx }, input);
    const result: StoredSubmit = { status: 'applied', assessment: { status: 'submitted', submitted_at: view.submittedAt }, result: view };
    await tx.update(clientMutations).set({ result }).where(eq(clientMutations.mutationId, input.mutationId));
    return view;
  });
}
