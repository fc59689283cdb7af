// Wiring: one database, one transport, one engine and one evidence upload scheduler per page (or
// worker), plus the write API bound to them. The app starts, switches and stops it for the signed-in
// user (src/app/sync-provider.tsx) and hands it to the screens by React context (ADR 017).
import { liveQuery } from 'dexie';
import type { AnswerValue } from '#domain/contracts/sync.ts';
import { createBrowserOnlineSignal, onPageHidden, onServiceWorkerDrainRequest, requestBackgroundSync } from './browser-signals.ts';
import { BACKGROUND_SYNC_TAG, META, SyncDatabase, SYNC_DB_NAME } from './db.ts';
import { createSyncEngine, type OnlineSignal, type SyncEngine } from './engine.ts';
import { startEvidenceUploads, type EvidenceUploads } from './evidence/upload-scheduler.ts';
import * as outbox from './outbox.ts';
import type { Caller } from './outbox.ts';
import { recordAnswer } from './answer-save.ts';
import { resolveConflict } from './resolve.ts';
import { unsentWork } from './queries.ts';
import type { DrainLock } from './lock.ts';
import { createFetchTransport, type FetchLike, type SyncTransport, type TokenGetter } from './transport.ts';
import type { WriteResult } from './write-guard.ts';
import { STORAGE_UNAVAILABLE_MESSAGE } from './write-guard.ts';

export type { Caller };

export interface StartSyncOptions {
  getToken: TokenGetter;
  /** The signed-in user (null while signed out: nothing is sent). */
  caller: Caller | null;
  dbName?: string;
  db?: SyncDatabase;
  baseUrl?: string;
  fetch?: FetchLike;
  transport?: SyncTransport;
  onlineSignal?: OnlineSignal;
  lock?: DrainLock;
  now?: () => number;
  /** Listen for the service worker's DRAIN message and register Background Sync after writes (default true). */
  serviceWorker?: boolean;
}

export interface UnsentState {
  /** Outbox rows still to send (every user of this device). */
  rows: number;
  /** Evidence files still only on this device (isUnsentFile, db.ts). */
  files: number;
  /** Device time of the oldest row still waiting. */
  oldest: number | null;
}

export interface SyncRuntime {
  db: SyncDatabase;
  engine: SyncEngine;
  /** The one evidence upload scheduler (ADR 006, 017): queue, kick, retry, remove and open files through it. */
  evidence: EvidenceUploads;
  /** The signed-in caller whose rows may be sent (null while signed out). */
  caller(): Caller | null;
  setCaller(caller: Caller | null): Promise<void>;
  /**
   * What waits to be sent, from the runtime's one live query (its consumers share it, so a save
   * re-runs one count query, not one per consumer).
   */
  unsent(): UnsentState;
  /** Called whenever unsent() may have changed (for useSyncExternalStore). */
  subscribeUnsent(fn: () => void): () => void;
  /**
   * As the signed-in caller (refused while there is none). `bulk`: a domain's "confirm unchanged
   * answers" (ADR 019), written only over a still-carried answer of the same value.
   */
  recordAnswer(input: { assessmentId: string; questionId: string; value: AnswerValue; bulk?: boolean }): Promise<WriteResult>;
  recordDeferral(input: { assessmentId: string; questionId: string; deferToUserId: string; deferToName?: string | null }): Promise<WriteResult>;
  queueSubmit(assessmentId: string): Promise<WriteResult>;
  /** Resolves { ok: true, value: false } when the submit is already on the wire and can no longer be withdrawn. */
  cancelSubmit(assessmentId: string): Promise<WriteResult<boolean>>;
  resolveConflict(assessmentId: string, questionId: string, choice: 'mine' | 'theirs'): Promise<WriteResult>;
  stop(): void;
  /** Resolves when the push, pull and upload running at stop() have finished or been discarded (SyncEngine.settled, EvidenceUploads.settled). */
  settled(): Promise<void>;
}

/** True while a change or a file waits to be sent. */
export const hasUnsent = (state: UnsentState): boolean => state.rows + state.files > 0;

let active: SyncRuntime | null = null;
/** Set while a sign-out empties the database: no runtime may start and write it again (haltSyncForSignOut). */
let halted = false;
const runtimeListeners = new Set<() => void>();
const NOTHING_UNSENT: UnsentState = { rows: 0, files: 0, oldest: null };

function setActive(next: SyncRuntime | null) {
  active = next;
  for (const fn of runtimeListeners) fn();
}

/** The runtime started by startSync (the app's SyncProvider and sign-out use it; screens get it by context). */
export function getSyncRuntime(): SyncRuntime | null {
  return active;
}

/** For useSyncExternalStore: notified when startSync/stop swaps the runtime. */
export function subscribeSyncRuntime(fn: () => void): () => void {
  runtimeListeners.add(fn);
  return () => runtimeListeners.delete(fn);
}

const signedOut = (): WriteResult<never> => ({ ok: false, code: 'storage_unavailable', message: STORAGE_UNAVAILABLE_MESSAGE });

/** Expiry (epoch ms) of a JWT, or 0 when it cannot be read. */
export function tokenExpiry(token: string): number {
  try {
    const part = token.split('.')[1] ?? '';
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/**
 * Remembers the latest token for the service worker's Background Sync drain (never once `stopped`).
 * Every request asks for the token; the row is written only when the token changed since the last
 * write (a refresh, a new sign-in), not once per request. `forget()` after the row is deleted.
 */
function sharingToken(db: SyncDatabase, getToken: TokenGetter, stopped: () => boolean): { getToken: TokenGetter; forget(): void } {
  let shared: string | null = null;
  return {
    getToken: async (o) => {
      const token = await getToken(o);
      if (token && token !== shared && !stopped()) {
        shared = token;
        void db.meta.put({ key: META.workerAuth, value: { token, expiresAt: tokenExpiry(token) } }).catch(() => (shared = null));
      }
      return token;
    },
    forget: () => void (shared = null),
  };
}

export function startSync(opts: StartSyncOptions): SyncRuntime {
  active?.stop();
  const db = opts.db ?? new SyncDatabase(opts.dbName ?? SYNC_DB_NAME);
  let caller = opts.caller;
  let unsentState = NOTHING_UNSENT;
  const unsentListeners = new Set<() => void>();
  const setUnsentState = (next: UnsentState) => {
    if (next.rows === unsentState.rows && next.files === unsentState.files && next.oldest === unsentState.oldest) return;
    unsentState = next;
    for (const fn of unsentListeners) fn();
  };
  let stopped = false;
  const useSw = opts.serviceWorker !== false;
  const sharing = useSw ? sharingToken(db, opts.getToken, () => stopped) : null;
  const getToken = sharing?.getToken ?? opts.getToken;
  const transport = opts.transport ?? createFetchTransport({ getToken, baseUrl: opts.baseUrl, fetch: opts.fetch, now: opts.now });
  const engine = createSyncEngine({
    db,
    transport,
    now: opts.now,
    lock: opts.lock,
    onlineSignal: opts.onlineSignal ?? createBrowserOnlineSignal(),
    getUserId: () => caller?.userId ?? null,
  });
  // Uploads run beside the outbox; an attached file lets a waiting submit go (engine re-checks its barrier).
  const evidence = startEvidenceUploads({ db, getToken, baseUrl: opts.baseUrl, fetch: opts.fetch, getUserId: () => caller?.userId ?? null, onlineSignal: opts.onlineSignal ?? createBrowserOnlineSignal(), onAttached: () => engine.notifyEnqueued() });
  if (!caller) evidence.pause();
  // Background Sync is the backup for a page that is gone or offline, not a second drainer: a
  // registration while the page is open and online fires at once and made every save its own push.
  let lastEnqueueAt = 0;
  const leaveBackgroundSync = () => {
    if (useSw && (unsentState.rows > 0 || Date.now() - lastEnqueueAt < 5_000)) requestBackgroundSync(BACKGROUND_SYNC_TAG);
  };
  const deps: outbox.OutboxDeps = {
    now: opts.now,
    onEnqueue: () => {
      lastEnqueueAt = Date.now();
      engine.notifyEnqueued();
      if (useSw && (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false) requestBackgroundSync(BACKGROUND_SYNC_TAG);
    },
  };
  const stopSw = useSw ? onServiceWorkerDrainRequest(() => void engine.drainNow()) : () => undefined;
  const stopHidden = useSw ? onPageHidden(leaveBackgroundSync) : () => undefined;
  const who = () => caller;

  const runtime: SyncRuntime = {
    db,
    engine,
    evidence,
    caller: () => caller,
    async setCaller(next) {
      caller = next;
      // No caller, no uploads (the uploader also refuses to send without one).
      if (next) evidence.resume();
      else evidence.pause();
      await db.meta.put({ key: META.session, value: next });
      if (!next) {
        await db.meta.delete(META.workerAuth);
        sharing?.forget();
      }
      // A (re-)sign-in lifts an auth pause; a different user's rows stay held, never sent.
      if (next) void engine.resumeAfterAuth();
    },
    recordAnswer: async (input) => (who() ? recordAnswer(db, { ...input, ...who()! }, deps) : signedOut()),
    recordDeferral: async (input) => (who() ? outbox.recordDeferral(db, { ...input, ...who()! }, deps) : signedOut()),
    queueSubmit: async (assessmentId) => (who() ? outbox.queueSubmit(db, { assessmentId, ...who()! }, deps) : signedOut()),
    cancelSubmit: async (assessmentId) => (who() ? outbox.cancelSubmit(db, { assessmentId, userId: who()!.userId }) : signedOut()),
    resolveConflict: async (assessmentId, questionId, choice) =>
      who() ? resolveConflict(db, { assessmentId, questionId, choice, ...who()! }, deps) : signedOut(),
    unsent: () => unsentState,
    subscribeUnsent(fn) {
      unsentListeners.add(fn);
      return () => void unsentListeners.delete(fn);
    },
    stop() {
      stopped = true;
      engine.stop();
      evidence.stop();
      stopSw();
      stopHidden();
      unsentWatch.unsubscribe();
      if (active === runtime) setActive(null);
    },
    settled: async () => void (await Promise.allSettled([engine.settled(), evidence.settled()])),
  };
  const unsentWatch = liveQuery(() => unsentWork(db)).subscribe({ next: setUnsentState, error: () => undefined });
  setActive(runtime);
  void db.meta.put({ key: META.session, value: caller }).catch(() => undefined);
  engine.start();
  // A page with a session supersedes an auth pause left by an expired token (e.g. the worker's).
  if (caller) void engine.resumeAfterAuth();
  return runtime;
}

/**
 * Idempotent wiring for the app (src/app/sync-provider.tsx): call it whenever the signed-in user
 * changes. Starts sync on first sign-in, switches the caller on a user change (the previous user's
 * rows are held, never sent as the new user), and stops sending on sign-out (rows are kept).
 */
export function ensureSync(opts: StartSyncOptions): SyncRuntime | null {
  if (halted) return null;
  const current = active;
  if (!current) return opts.caller ? startSync(opts) : null;
  const was = current.caller();
  const next = opts.caller;
  if (was?.userId !== next?.userId || was?.orgId !== next?.orgId) void current.setCaller(next);
  return current;
}

/**
 * The first step of a sign-out (ADR 007): stops the running runtime, waits (at most `waitMs`) for
 * the push, pull or upload already on the wire, and keeps ensureSync from starting another until
 * resumeSyncAfterSignOut. Work that lands later writes nothing (SyncEngine.stop, EvidenceUploader.stop). Returns the
 * database to clear: the runtime's, or null when none ran.
 */
export async function haltSyncForSignOut(waitMs = 3_000): Promise<SyncDatabase | null> {
  halted = true;
  const runtime = active;
  if (!runtime) return null;
  runtime.stop();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([runtime.settled(), new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
  return runtime.db;
}

/** A sign-out that does not reload the page (signed out elsewhere) lets the next sign-in start sync again. */
export function resumeSyncAfterSignOut(): void {
  halted = false;
}
