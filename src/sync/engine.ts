// The sync engine: drains the outbox in order under one lock per origin; each push carries the pull
// of what it touches, so a drain with something to send is one round trip (ADR 005).
// Transport, clock, randomness, online signal, lock and timers are injected, so tests drive it
// without sleeps or a browser (tests/sync/).
import { applyPushResults } from './apply-results.ts';
import { backoffDelay } from './backoff.ts';
import { claimBatch, recoverLeases, releaseBatch } from './batch.ts';
import { getMeta, META, OUTBOX_LOCK_NAME, type OutboxRow, type SyncErrorInfo } from './db.ts';
import type { DrainReport, Scheduler, SyncEngine, SyncEngineOptions } from './engine-types.ts';
import { createDrainLock, type LockScope } from './lock.ts';
import { getClientId } from './client-id.ts';
import { mergePull, pullAssessment } from './pull.ts';
import type { PushAnswer, PushBody } from './transport.ts';
import { MAX_PUSH_PULLS } from '#domain/contracts/sync-limits.ts';
import { countUnsent, readStatus, writeStatus, type StoredStatus } from './status.ts';
import type { HttpFailure } from '../lib/http.ts';

export type { DrainReport, OnlineSignal, Scheduler, SyncEngine, SyncEngineOptions, SyncSignal } from './engine-types.ts';

const defaultScheduler: Scheduler = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

function describeFailure(f: HttpFailure): SyncErrorInfo {
  if (f.kind === 'network') return { code: 'network', message: 'You are offline. Changes are saved on this device and will be sent when you reconnect.' };
  return { code: f.code ?? `http_${f.status}`, http: f.status, message: f.message };
}

export function createSyncEngine(opts: SyncEngineOptions): SyncEngine {
  const { db, transport } = opts;
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const lock = opts.lock ?? createDrainLock(OUTBOX_LOCK_NAME);
  const timers = opts.scheduler ?? defaultScheduler;
  const enqueueDelay = opts.enqueueDelayMs ?? 500;
  const pollInterval = opts.pollIntervalMs ?? 30_000;
  let failures = 0;
  let running: Promise<DrainReport> | null = null;
  let started = false;
  /** Set by stop(): nothing more is fetched or written by this engine. */
  let closed = false;
  /** Pulls started outside a drain (engine.pull), so stop() can wait for them. */
  const pulls = new Set<Promise<unknown>>();
  const handles = new Map<string, unknown>();
  /** Assessments the UI opened (via pull): refreshed on every forced drain (online, focus, start). */
  const watched = new Set<string>();
  const watch = (id: string) => {
    watched.delete(id);
    watched.add(id);
    if (watched.size > 5) watched.delete(watched.values().next().value!);
  };
  let unsubscribe: (() => void) | null = null;

  const userId = async () => (opts.getUserId ? await opts.getUserId() : ((await getMeta<{ userId?: string }>(db, META.session))?.userId ?? null));
  const setStatus = async (patch: Partial<StoredStatus>) => (closed ? readStatus(db) : writeStatus(db, patch));

  function schedule(name: string, ms: number, fn: () => void) {
    if (!started) return;
    const prev = handles.get(name);
    if (prev !== undefined) timers.clearTimeout(prev);
    handles.set(name, timers.setTimeout(() => {
      handles.delete(name);
      fn();
    }, Math.max(0, ms)));
  }

  /**
   * Pushes the batch and asks for the pull of `pull` in the same request (ADR 005): the answer
   * carries each assessment's state from its cursor, read after the push applied.
   */
  async function pushWithRefresh(rows: OutboxRow[], clientId: string, uid: string, pull: string[]) {
    const since = await Promise.all(pull.map((id) => getMeta<string>(db, META.pullCursor(id))));
    const body: PushBody = {
      clientId,
      pendingCount: await countUnsent(db, uid),
      mutations: rows.map((r) => ({ id: r.id, kind: r.kind, assessmentId: r.assessmentId, payload: r.payload, baseVersion: r.baseVersion, clientTs: r.clientTs })),
      pull: pull.map((assessmentId, i) => ({ assessmentId, since: since[i] ?? undefined })),
    };
    const first = await transport.push(body);
    if (first.ok || first.kind !== 'http' || first.status !== 401) return first;
    return transport.push(body, { forceRefresh: true });
  }

  /**
   * Merges the pull states a push answer carried; returns the assessments now pulled (an older
   * server sends none: they are pulled on their own after the drain).
   */
  async function mergeCarriedPulls(pulls: PushAnswer['pulls']): Promise<string[]> {
    const done: string[] = [];
    for (const p of pulls ?? []) {
      if (closed) break;
      if ('state' in p) await mergePull(db, p.assessmentId, p.state, () => closed);
      // An assessment this user can no longer see is simply forgotten (as after a 404 pull).
      else if (p.error.code === 'not_found') watched.delete(p.assessmentId);
      else continue;
      done.push(p.assessmentId);
    }
    return done;
  }

  /** Classifies a failed request: auth pause, or backoff (network → offline, anything else → error). */
  async function onFailure(f: HttpFailure, rows: OutboxRow[]): Promise<SyncErrorInfo> {
    const error = describeFailure(f);
    if (f.kind === 'http' && f.status === 401) {
      await releaseBatch(db, rows, now());
      await setStatus({ phase: 'auth_required', paused: true, lastError: { ...error, message: 'Sign in again to sync your changes.' } });
      return error;
    }
    failures += 1;
    const delay = Math.max(backoffDelay(failures, random), f.kind === 'http' ? (f.retryAfterMs ?? 0) : 0);
    const retryAt = now() + delay;
    await releaseBatch(db, rows, retryAt);
    await setStatus({ phase: f.kind === 'network' ? 'offline' : 'error', lastError: error, retryAt });
    schedule('retry', delay, () => void drain(false));
    return error;
  }

  /** Pulls on their own (GET /api/sync/pull): a drain with nothing to push, or what no push answer carried. */
  async function pullTouched(assessments: Iterable<string>): Promise<SyncErrorInfo | null> {
    for (const id of assessments) {
      if (closed) return null;
      await setStatus({ phase: 'pulling' });
      const failure = await pullAssessment(db, transport, id, () => closed);
      // An assessment this user can no longer see is simply forgotten.
      if (failure?.kind === 'http' && failure.status === 404) {
        watched.delete(id);
        continue;
      }
      if (failure) return describeFailure(failure);
    }
    return null;
  }

  /** A failed pull changes the phase but never the queue. */
  async function onPullFailure(error: SyncErrorInfo) {
    if (error.http === 401) await setStatus({ phase: 'auth_required', paused: true, lastError: { ...error, message: 'Sign in again to sync your changes.' } });
    else await setStatus({ phase: error.code === 'network' ? 'offline' : 'error', lastError: error });
  }

  async function drainLocked(force: boolean, scope: LockScope): Promise<DrainReport> {
    if (closed) return { acquired: true, sent: 0, failure: null };
    const uid = await userId();
    const status = await readStatus(db);
    if (!uid || status.paused) return { acquired: true, sent: 0, failure: null };
    if (!force && status.retryAt > now()) return { acquired: true, sent: 0, failure: null };
    // Known offline: a timer-driven drain sends nothing, so unsent rows stay unsent and later edits
    // still coalesce into them. Forced drains (online, focus, start, drainNow) always try: the signal is a hint.
    if (!force && opts.onlineSignal && !opts.onlineSignal.isOnline()) {
      if (status.phase !== 'offline') await setStatus({ phase: 'offline' });
      return { acquired: true, sent: 0, failure: null };
    }
    // Under an origin-wide lock every row still in flight belongs to a drainer that is gone (a page
    // reloaded or closed mid-push): sent again now, not after its lease; the mutation id makes a
    // resend idempotent. Under the in-process mutex another tab may still own it: its lease stands.
    await recoverLeases(db, scope === 'origin' ? Number.POSITIVE_INFINITY : now());
    const clientId = await getClientId(db, { now });
    const touched = new Set<string>();
    const pulled = new Set<string>();
    let sent = 0;
    for (;;) {
      const batch = await claimBatch(db, { userId: uid, now: now(), force, leaseMs: opts.leaseMs });
      if (!batch.length) break;
      await setStatus({ phase: 'pushing' });
      // The batch's assessments, and on a forced drain the watched ones, ride on the push.
      const wanted = new Set([...batch.map((r) => r.assessmentId), ...(force ? watched : [])]);
      const res = await pushWithRefresh(batch, clientId, uid, [...wanted].filter((a) => !pulled.has(a)).slice(0, MAX_PUSH_PULLS));
      // Stopped while on the wire: leave the rows leased (a kept row goes back to pending on sign-out,
      // and its mutation id makes the resend idempotent); write nothing more.
      if (closed) return { acquired: true, sent, failure: null };
      if (!res.ok) return { acquired: true, sent, failure: await onFailure(res, batch) };
      const applied = await applyPushResults(db, batch, res.value.results);
      applied.touched.forEach((a) => touched.add(a));
      (await mergeCarriedPulls(res.value.pulls)).forEach((a) => pulled.add(a));
      sent += batch.length;
      failures = 0;
      if (!applied.complete) break;
    }
    if (force) watched.forEach((a) => touched.add(a));
    const pullError = await pullTouched([...touched].filter((a) => !pulled.has(a)));
    if (pullError) {
      await onPullFailure(pullError);
      return { acquired: true, sent, failure: pullError };
    }
    const at = new Date(now()).toISOString();
    await setStatus({ phase: 'in-sync', lastError: null, retryAt: 0, ...(sent > 0 || touched.size ? { lastSyncedAt: at } : {}) });
    if ((await countUnsent(db, uid)) > 0) schedule('poll', pollInterval, () => void drain(false));
    return { acquired: true, sent, failure: null };
  }

  async function drain(force: boolean): Promise<DrainReport> {
    if (closed) return { acquired: false, sent: 0, failure: null };
    if (running) {
      await running.catch(() => undefined);
      if (running) return running;
    }
    running = (async () => {
      try {
        const r = await lock((scope) => drainLocked(force, scope));
        return r.acquired ? r.value : { acquired: false, sent: 0, failure: null };
      } catch (err) {
        const error = { code: 'storage_unavailable', message: err instanceof Error ? err.message : 'Local storage failed' };
        await setStatus({ phase: 'error', lastError: error }).catch(() => undefined);
        return { acquired: true, sent: 0, failure: error };
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    start() {
      if (started) return;
      started = true;
      unsubscribe =
        opts.onlineSignal?.subscribe((signal) => {
          if (signal === 'offline') void setStatus({ phase: 'offline' });
          else void drain(true);
        }) ?? null;
      void drain(true);
    },
    stop() {
      closed = true;
      started = false;
      unsubscribe?.();
      unsubscribe = null;
      for (const h of handles.values()) timers.clearTimeout(h);
      handles.clear();
    },
    async settled() {
      await Promise.allSettled([running, ...pulls]);
    },
    drainNow: () => drain(true),
    notifyEnqueued() {
      // No status write here: the unsent count is a live query of its own, and a meta write after
      // every save would wake every status reader in every tab for nothing.
      schedule('enqueue', enqueueDelay, () => void drain(false));
    },
    async pull(assessmentId) {
      if (closed) return null;
      watch(assessmentId);
      const work = (async () => {
        const error = await pullTouched([assessmentId]);
        if (closed) return null;
        if (error) await onPullFailure(error);
        else await setStatus({ phase: (await readStatus(db)).paused ? 'auth_required' : 'in-sync', lastSyncedAt: new Date(now()).toISOString() });
        return error;
      })();
      pulls.add(work);
      try {
        return await work;
      } finally {
        pulls.delete(work);
      }
    },
    async resumeAfterAuth() {
      if (closed) return { acquired: false, sent: 0, failure: null };
      await setStatus({ paused: false, phase: 'in-sync', lastError: null, retryAt: 0 });
      return drain(true);
    },
    status: async () => ({ ...(await readStatus(db)), pendingCount: await countUnsent(db, await userId()) }),
  };
}
