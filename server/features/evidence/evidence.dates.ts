// Evidence dates (ADR 019, domain/evidence-freshness.ts): the day a document took effect and the
// optional last day it counts. Set when the file is declared (default effective date: the upload
// day) and changed later with PUT /api/evidence/{id}/dates while the assessment is in progress.
// A change is audited (server/lib/audit.ts) with the dates before and after: clearing the expiry of
// an expired file makes it count as current evidence again (domain/evidence-freshness.ts).
import { and, eq } from 'drizzle-orm';
import { evidenceDatesSchema } from '#domain/contracts/cycles.ts';
import type { EvidenceView } from '#domain/contracts/evidence.ts';
import { utcDay } from '#domain/dates.ts';
import { isExpired } from '#domain/evidence-freshness.ts';
import { evidenceFiles } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { assertAssessmentOpen, evidenceNotFound, getEvidence, todayOf, viewWithName, type EvidenceContext, type EvidenceRow } from './evidence.access.ts';

export const EXPIRY_BEFORE_EFFECTIVE = 'The expiry date cannot be before the effective date';

export interface EvidenceDates {
  effectiveOn: string;
  expiresOn: string | null;
}

/** The dates to store: the effective date defaults to `uploadDay`; an expiry before it is a 400. */
export function resolveDates(input: { effectiveOn?: string | null; expiresOn?: string | null }, uploadDay: string): EvidenceDates {
  const effectiveOn = input.effectiveOn ?? uploadDay;
  const expiresOn = input.expiresOn ?? null;
  if (expiresOn !== null && expiresOn < effectiveOn) throw badRequest(EXPIRY_BEFORE_EFFECTIVE, [{ path: 'expiresOn', message: EXPIRY_BEFORE_EFFECTIVE }]);
  return { effectiveOn, expiresOn };
}

/**
 * Dates from form fields (the multipart way in: `effectiveOn_N` / `expiresOn_N` beside `evidence_N`);
 * an empty or missing field means "not given". Checked with the same schema as the JSON route.
 */
export function parseFormDates(fields: { effectiveOn?: unknown; expiresOn?: unknown }, uploadDay: string): EvidenceDates {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const parsed = evidenceDatesSchema.safeParse({ effectiveOn: text(fields.effectiveOn), expiresOn: text(fields.expiresOn) });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid date', issues);
  }
  return resolveDates(parsed.data, uploadDay);
}

/** The file of the caller's organization, before its request body is judged (another organization's id: 404). */
export async function assertDatesTarget(ctx: EvidenceContext, evidenceId: string): Promise<void> {
  const row = await getEvidence(ctx, evidenceId);
  if (row.status === 'detached') throw evidenceNotFound();
}

/**
 * PUT /api/evidence/{id}/dates: a null effective date goes back to the upload day, a null expiry
 * removes it. Only while the assessment is in progress (a submitted assessment's evidence is frozen)
 * and the organization may write.
 */
export async function setEvidenceDates(ctx: EvidenceContext, evidenceId: string, input: { effectiveOn: string | null; expiresOn: string | null }): Promise<EvidenceView> {
  const row = await getEvidence(ctx, evidenceId);
  if (row.status === 'detached') throw evidenceNotFound();
  await assertAssessmentOpen(ctx, row.assessmentId);
  const dates = resolveDates(input, utcDay(row.createdAt));
  const today = todayOf(ctx);
  const updated = await ctx.db.transaction(async (tx) => {
    const [next] = await tx
      .update(evidenceFiles)
      .set({ effectiveOn: dates.effectiveOn, expiresOn: dates.expiresOn })
      .where(and(eq(evidenceFiles.id, evidenceId), eq(evidenceFiles.organizationId, ctx.caller.organizationId)))
      .returning();
    if (next && (next.effectiveOn !== row.effectiveOn || next.expiresOn !== row.expiresOn)) {
      await writeAudit(tx, {
        actorId: ctx.caller.id,
        organizationId: ctx.caller.organizationId,
        action: 'evidence.dates',
        targetType: 'evidence',
        targetId: evidenceId,
        before: datesRecord(row, today),
        after: { ...datesRecord(next, today), assessment_id: next.assessmentId, question_id: next.questionId, carried_from: next.carriedFrom },
      });
    }
    return next;
  });
  return viewWithName(ctx, updated ?? row, today);
}

/** The audited part of a file: its dates and whether they made it expired on the day of the change. */
function datesRecord(row: EvidenceRow, today: string) {
  return { effective_on: row.effectiveOn, expires_on: row.expiresOn, expired: isExpired(row.expiresOn, today) };
}
