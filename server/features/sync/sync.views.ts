// Read side of sync: the pull state of one assessment.
import { eq } from 'drizzle-orm';
import type { AssessmentSyncView, PullResponse, PushPull } from '#domain/contracts/sync.ts';
import { assessments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { listAnswerViews, listDeferralViews } from '../assessments/index.ts';
import { listEvidenceViews } from '../evidence/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

/**
 * Rows are re-sent from this long before the cursor, so a write whose transaction began before
 * the cursor but committed after the previous pull is still seen. The client merges by version,
 * so overlap is harmless.
 */
export const PULL_OVERLAP_MS = 60_000;

export async function assessmentSyncView(ctx: Pick<ServiceContext, 'db'>, assessmentId: string, organizationId: string | null): Promise<AssessmentSyncView> {
  const { db } = ctx;
  const [a] = await db
    .select({ organizationId: assessments.organizationId, status: assessments.status, submittedAt: assessments.submittedAt })
    .from(assessments)
    .where(eq(assessments.id, assessmentId));
  if (!a || !organizationId || a.organizationId !== organizationId) throw notFound('Assessment not found');
  return { status: a.status, submitted_at: a.submittedAt?.toISOString() ?? null };
}

const latest = (values: string[], fallback: string | null) =>
  values.reduce<string | null>((max, v) => (max === null || v > max ? v : max), fallback);

/**
 * Answers and deferrals changed since the cursor (all of them without one), the lock state, and the
 * assessment's evidence files (always the whole list: a file a teammate removed must disappear;
 * `today`, YYYY-MM-DD of the request's clock, decides which are expired).
 */
export async function pullState(ctx: Pick<ServiceContext, 'db'>, input: { assessmentId: string; organizationId: string | null; since?: string; today: string }): Promise<PullResponse> {
  const assessment = await assessmentSyncView(ctx, input.assessmentId, input.organizationId);
  const sinceIso = input.since ? new Date(input.since).toISOString() : null;
  const since = sinceIso ? new Date(new Date(sinceIso).getTime() - PULL_OVERLAP_MS) : undefined;
  const [answers, deferralViews, evidence] = await Promise.all([
    listAnswerViews(ctx, input.assessmentId, since),
    listDeferralViews(ctx, input.assessmentId, { since }),
    // assessmentSyncView has checked the organization, so it is not null here.
    listEvidenceViews(ctx, input.assessmentId, input.organizationId!, input.today),
  ]);
  const cursor = latest([...answers.map((a) => a.updated_at), ...deferralViews.map((d) => d.updated_at)], sinceIso);
  return { answers, deferrals: deferralViews, assessment, evidence, cursor };
}

/**
 * The pull states a push asked for, one entry per distinct assessment in the order asked: an
 * assessment the caller's organization cannot see (or gone) gets its 4xx reason instead of a state,
 * as GET /api/sync/pull would answer it.
 */
export async function pullMany(ctx: Pick<ServiceContext, 'db'>, organizationId: string | null, asked: Array<{ assessmentId: string; since?: string }>, today: string): Promise<PushPull[]> {
  const distinct = [...new Map(asked.map((p) => [p.assessmentId, p])).values()];
  const out: PushPull[] = [];
  for (const { assessmentId, since } of distinct) {
    try {
      out.push({ assessmentId, state: await pullState(ctx, { assessmentId, organizationId, since, today }) });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      out.push({ assessmentId, error: { code: err.code, message: err.message } });
    }
  }
  return out;
}
