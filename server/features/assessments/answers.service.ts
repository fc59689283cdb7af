// Compare-and-set writes of one yes/no answer (ADR 005). Used by the sync push endpoint,
// POST /api/assessments/{id}/responses and the submit flow; callers may pass a transaction.
import { and, eq, sql } from 'drizzle-orm';
import { fullName } from '#domain/text.ts';
import type { AnswerValue, AnswerView } from '#domain/contracts/sync.ts';
import { MSG } from '#domain/messages.ts';
import { profiles, responses } from '../../db/schema/index.ts';
import { assessmentLocked, badRequest, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/validator.ts';
import { runSave, type ApplyAnswerInput, type SaveRow } from './answers.statement.ts';
import type { ServiceContext } from '../../lib/context.ts';

export type { ApplyAnswerInput };

/** An answer as the API shows it: {question_id, answer, origin, version, updated_by, updated_by_name, updated_at}. */
export type { AnswerValue, AnswerView };


export interface ApplyAnswerResult {
  status: 'applied' | 'conflict';
  answer: AnswerView;
}

function toResult(row: SaveRow, input: ApplyAnswerInput): ApplyAnswerResult {
  const name = row.first_name == null ? null : fullName(row.first_name, row.last_name);
  const answer: AnswerView = {
    question_id: input.questionId,
    answer: row.answer as AnswerValue,
    origin: row.origin ?? 'answered',
    version: Number(row.version),
    updated_by: row.updated_by,
    updated_by_name: row.updated_by ? name : null,
    updated_at: row.updated_at!,
  };
  // The same value over an answer still to re-confirm is not applied unless it was written (a stale base).
  const applied = row.written === true || (row.answer === input.answer && row.origin !== 'carried');
  return { status: applied ? 'applied' : 'conflict', answer };
}

/** A concurrent first insert is retried this often (it is visible to the next statement). */
const MAX_ATTEMPTS = 3;

/**
 * Writes one answer with compare-and-set on responses.version in one statement (inside the
 * caller's transaction when `db` is one; the caller rolls back with it).
 * Throws AppError 404 / 409 assessment_locked / 400; on any AppError nothing has been written.
 */
export async function applyAnswer(ctx: Pick<ServiceContext, 'db'>, input: ApplyAnswerInput): Promise<ApplyAnswerResult> {
  if (!isUuid(input.assessmentId)) throw notFound('Assessment not found');
  if (!isUuid(input.questionId)) throw badRequest('This question is not part of the assessment');
  if (input.answer !== 'yes' && input.answer !== 'no') throw badRequest(MSG.answerYesNo);
  if (input.mutationId !== undefined && !isUuid(input.mutationId)) throw badRequest('Invalid mutation id');
  for (let attempt = 1; ; attempt++) {
    const row = await runSave(ctx, input);
    if (!row?.assessment_status) throw notFound('Assessment not found');
    if (row.assessment_status !== 'in_progress') throw assessmentLocked();
    if (!row.question_ok) throw badRequest('This question is not part of the assessment');
    if (row.written !== null) return toResult(row, input);
    if (attempt >= MAX_ATTEMPTS) throw new Error('answer row not visible after a concurrent insert');
  }
}

/**
 * Locks the existing answer rows of the organization that the keys name, in one fixed order
 * (FOR UPDATE), so transactions writing several answers never wait on each other in a cycle.
 * Keys that are not well-formed uuids are skipped (their items are rejected later).
 */
export async function lockAnswerRows(ctx: Pick<ServiceContext, 'db'>, organizationId: string, keys: Array<{ assessmentId: unknown; questionId: unknown } | undefined>) {
  const { db } = ctx;
  const pairs = keys.filter(
    (k): k is { assessmentId: string; questionId: string } =>
      typeof k?.assessmentId === 'string' && typeof k.questionId === 'string' && isUuid(k.assessmentId) && isUuid(k.questionId),
  );
  if (pairs.length < 2) return;
  const values = pairs.map((k) => sql`(${k.assessmentId}::uuid, ${k.questionId}::uuid)`);
  await db.execute(sql`select 1 from responses where organization_id = ${organizationId}::uuid
    and (assessment_id, question_id) in (values ${sql.join(values, sql`, `)})
    order by assessment_id, question_id for update`);
}

/** Every answer of one assessment (optionally only those changed at or after `since`), with author names. */
export async function listAnswerViews(ctx: Pick<ServiceContext, 'db'>, assessmentId: string, since?: Date): Promise<AnswerView[]> {
  const { db } = ctx;
  const where = since
    ? and(eq(responses.assessmentId, assessmentId), sql`${responses.updatedAt} >= ${since.toISOString()}`)
    : eq(responses.assessmentId, assessmentId);
  const rows = await db
    .select({ r: responses, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(responses)
    .leftJoin(profiles, eq(profiles.id, responses.updatedBy))
    .where(where)
    .orderBy(responses.updatedAt);
  return rows.map(({ r, firstName, lastName }) => ({
    question_id: r.questionId,
    answer: r.answer,
    origin: r.origin,
    version: r.version,
    updated_by: r.updatedBy,
    updated_by_name: firstName == null ? null : fullName(firstName, lastName),
    updated_at: r.updatedAt.toISOString(),
  }));
}
