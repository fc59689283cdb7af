// Idempotent processing of queued client mutations (ADR 005).
// One transaction per push: claim the ids in client_mutations, authorize, apply in order, store the results.
import { syncMutationSchema, type PushResultItem, type SyncMutation } from '#domain/contracts/sync.ts';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../lib/factory.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { assertActive, assertWritable, NO_PROFILE_MESSAGE } from '../../lib/caller.ts';
import { findProfile } from '../accounts/index.ts';
import { applyAnswer, lockAnswerRows, recordDeferral } from '../assessments/index.ts';
import { asReplay, claimAll, loadReplays, rejected, storeResults, type RawMutation, type StoredResult } from './sync.ledger.ts';
import { submitQueuedAssessment } from './sync.submit.ts';
import type { ServiceContext } from '../../lib/context.ts';

/** Re-reads the caller inside the transaction: removed users and suspended organizations are refused. */
async function authorize(tx: Db, caller: Pick<Caller, 'id' | 'organizationId'>): Promise<string> {
  const profile = await findProfile({ db: tx }, caller.id);
  if (!profile) throw forbidden(NO_PROFILE_MESSAGE);
  assertActive(profile);
  const org = profile.organization;
  if (!org || org.id !== caller.organizationId) throw notFound('Assessment not found');
  assertWritable(org);
  return org.id;
}

/** The caller's organization (authorized once per push, inside its transaction) or the refusal. */
type Authorization = { organizationId: string } | { refusal: AppError };

async function authorizeOnce(tx: Db, caller: Pick<Caller, 'id' | 'organizationId'>): Promise<Authorization> {
  try {
    return { organizationId: await authorize(tx, caller) };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { refusal: err };
    throw err;
  }
}

async function applyMutation(tx: Db, caller: Pick<Caller, 'id' | 'organizationId'>, organizationId: string, m: SyncMutation): Promise<StoredResult> {
  const base = { assessmentId: m.assessmentId, organizationId, userId: caller.id };
  switch (m.kind) {
    case 'answer.set': {
      // One statement that writes nothing when it refuses, so no savepoint is needed.
      const { questionId, value, bulk } = m.payload;
      const r = await applyAnswer({ db: tx }, { ...base, questionId, answer: value, baseVersion: m.baseVersion, mutationId: m.id, bulk: bulk === true });
      return { status: r.status, answer: r.answer };
    }
    case 'defer.set':
      // A savepoint, so a rejected item leaves no partial writes behind.
      return tx.transaction(async (inner) => ({ status: 'applied', deferral: await recordDeferral(inner, { ...base, ...m.payload }) }));
    case 'assessment.submit':
      return tx.transaction(async (inner) => ({ status: 'applied', assessment: await submitQueuedAssessment(inner, base) }));
  }
}

/** Validation and 4xx problems become a stored 'rejected' result; anything else aborts the push (5xx, retried). */
async function applyOrReject(tx: Db, caller: Pick<Caller, 'id' | 'organizationId'>, auth: () => Promise<Authorization>, raw: unknown): Promise<StoredResult> {
  const parsed = syncMutationSchema.safeParse(raw);
  if (!parsed.success) return rejected('validation_failed', parsed.error.issues[0]?.message ?? 'Invalid mutation');
  try {
    const a = await auth();
    if ('refusal' in a) throw a.refusal;
    return await applyMutation(tx, caller, a.organizationId, parsed.data);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return rejected(err.code, err.message);
    throw err;
  }
}

/**
 * A whole push in the caller's transaction: claim all ids, replay the ones already known, apply the
 * rest in order, store their results. A concurrent duplicate blocks on the client_mutations primary
 * key until the first push commits, then takes the replay path.
 */
async function processBatch(tx: Db, caller: Pick<Caller, 'id' | 'organizationId'>, clientId: string, mutations: RawMutation[]): Promise<PushResultItem[]> {
  if (mutations.length === 0) return [];
  const claimed = await claimAll(tx, caller, clientId, mutations);
  const replays = await loadReplays(tx, [...new Set(mutations.map((m) => m.id))].filter((id) => !claimed.has(id)), caller);
  // Concurrent pushes lock the answers they share in one order, so they wait instead of deadlocking.
  if (caller.organizationId) await lockAnswerRows({ db: tx }, caller.organizationId, mutations.filter((m) => claimed.has(m.id)).map(answerKeyOf));
  let authorization: Promise<Authorization> | undefined;
  const auth = () => (authorization ??= authorizeOnce(tx, caller));
  const applied = new Map<string, StoredResult>();
  const results: PushResultItem[] = [];
  for (const m of mutations) {
    const known = replays.get(m.id) ?? (applied.has(m.id) ? asReplay(m.id, applied.get(m.id)!) : undefined);
    if (known) {
      results.push(known);
      continue;
    }
    const result = await applyOrReject(tx, caller, auth, m);
    applied.set(m.id, result);
    results.push({ id: m.id, ...result });
  }
  await storeResults(tx, applied);
  return results;
}

/** The (assessment, question) an answer.set item writes, read loosely (items are validated one by one later). */
function answerKeyOf(m: RawMutation): { assessmentId: unknown; questionId: unknown } | undefined {
  if (m.kind !== 'answer.set') return undefined;
  const item = m as RawMutation & { assessmentId?: unknown; payload?: { questionId?: unknown } | null };
  return { assessmentId: item.assessmentId, questionId: item.payload?.questionId };
}

/** A deadlock or serialization failure between concurrent pushes (PostgreSQL aborts one of them). */
function isTransientConflict(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/**
 * Items in order, in one transaction; a rejected or conflicting item never stops the ones after it.
 * When two pushes touching the same answers in opposite orders deadlock, the aborted one is
 * applied again one item per transaction (as nothing of it was committed).
 */
export async function processPush(ctx: Pick<ServiceContext, 'db'>, caller: Pick<Caller, 'id' | 'organizationId'>, clientId: string, mutations: RawMutation[]): Promise<PushResultItem[]> {
  const { db } = ctx;
  try {
    return await db.transaction((tx) => processBatch(tx, caller, clientId, mutations));
  } catch (err) {
    if (!isTransientConflict(err)) throw err;
    const results: PushResultItem[] = [];
    for (const m of mutations) results.push(...(await db.transaction((tx) => processBatch(tx, caller, clientId, [m]))));
    return results;
  }
}
