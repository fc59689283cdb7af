// A sync runtime for component tests (ADR 017: screens read the runtime from the context, and
// component tests provide one). It implements SyncRuntime (src/sync/runtime.ts) with the real parts
// of the sync core and nothing on the network:
// - a real SyncDatabase (Dexie) in the browser's IndexedDB, a fresh database per runtime;
// - the real write API (answer-save.ts, outbox.ts, resolve.ts) and the real engine (engine.ts),
//   which drains the outbox and applies what comes back exactly as in the app;
// - in place of the HTTP transport, a scripted "server" that records every push and pull it is
//   asked for and answers with what the test decides (by default: no connection, so rows stay on
//   this device);
// - an evidence side that queues files through the real queue-evidence.ts, changes dates through the
//   real evidence-files.ts, and records every kick, retry, remove, file and dates request, answering
//   as the test decides.
import type { EvidenceView } from '#domain/contracts/evidence.ts';
import type { PullResponse, PushResponse, PushResultItem } from '#domain/contracts/sync.ts';
import { recordAnswer } from '../../src/sync/answer-save.ts';
import { SyncDatabase } from '../../src/sync/db.ts';
import { createSyncEngine } from '../../src/sync/engine.ts';
import type { OnlineSignal, SyncSignal } from '../../src/sync/engine-types.ts';
import { setEvidenceDates, type FileResult } from '../../src/sync/evidence/evidence-files.ts';
import type { DatesBody } from '../../src/sync/evidence/evidence-transport.ts';
import { queueEvidence } from '../../src/sync/evidence/queue-evidence.ts';
import type { EvidenceUploads } from '../../src/sync/evidence/upload-scheduler.ts';
import type { UploadRunReport } from '../../src/sync/evidence/uploader.ts';
import { createInProcessLock } from '../../src/sync/lock.ts';
import * as outbox from '../../src/sync/outbox.ts';
import { unsentWork } from '../../src/sync/queries.ts';
import { resolveConflict } from '../../src/sync/resolve.ts';
import type { Caller, SyncRuntime, UnsentState } from '../../src/sync/runtime.ts';
import type { HttpResult } from '../../src/lib/http.ts';
import type { PushBody } from '../../src/sync/transport.ts';
import { STORAGE_UNAVAILABLE_MESSAGE, type WriteResult } from '../../src/sync/write-guard.ts';

/** What the runtime was asked to do, in order. */
export type RuntimeCall =
  | { kind: 'push'; body: PushBody }
  | { kind: 'pull'; assessmentId: string }
  | { kind: 'enqueued' }
  | { kind: 'drainNow' }
  | { kind: 'evidence.kick' }
  | { kind: 'evidence.retry' | 'evidence.remove' | 'evidence.file'; evidenceId: string }
  | { kind: 'evidence.setDates'; evidenceId: string; body: DatesBody };

/** How the scripted server answers; each returns what the transport would (src/sync/transport.ts). */
export interface FakeServer {
  push: (body: PushBody) => HttpResult<PushResponse> | Promise<HttpResult<PushResponse>>;
  pull: (assessmentId: string) => HttpResult<PullResponse> | Promise<HttpResult<PullResponse>>;
  kick: () => UploadRunReport | Promise<UploadRunReport>;
  remove: (evidenceId: string) => { ok: true } | { ok: false; message: string };
  file: (evidenceId: string) => FileResult;
  /** PUT /api/evidence/{id}/dates of a file the server knows (default: no connection). */
  setDates: (evidenceId: string, body: DatesBody) => HttpResult<EvidenceView>;
}

export const OFFLINE = { ok: false, kind: 'network', status: 0, message: 'Failed to fetch' } as const;

/** Every mutation of a push answered with one result (e.g. all applied, all rejected). */
export const answerEach = (body: PushBody, result: (m: PushBody['mutations'][number]) => Omit<PushResultItem, 'id'>): HttpResult<PushResponse> => ({
  ok: true,
  value: { results: body.mutations.map((m) => ({ id: m.id, ...result(m) })) },
});

export interface FakeRuntime extends SyncRuntime {
  /** Everything the runtime was asked, in order. */
  readonly calls: RuntimeCall[];
  /** The push bodies sent so far. */
  pushes(): PushBody[];
  /** Replace how the scripted server answers (the rest is kept). */
  setServer(next: Partial<FakeServer>): void;
  /** Stops the engine and deletes the database. */
  dispose(): Promise<void>;
}

export interface FakeRuntimeOptions {
  caller: Caller | null;
  server?: Partial<FakeServer>;
  /** EVIDENCE_MAX_MB for queued files (the app reads it from GET /api/config). */
  evidenceMaxMb?: number;
}

let count = 0;

export function createFakeRuntime(opts: FakeRuntimeOptions): FakeRuntime {
  count += 1;
  const name = `component-test-${count}-${crypto.randomUUID()}`;
  const db = new SyncDatabase(name);
  const calls: RuntimeCall[] = [];
  let caller = opts.caller;
  let server: FakeServer = {
    push: () => OFFLINE,
    pull: () => OFFLINE,
    kick: () => ({ acquired: true, attached: [], failed: [], stoppedBy: null }),
    remove: () => ({ ok: true }),
    file: () => ({ ok: false, message: 'Not available in this test' }),
    setDates: () => OFFLINE,
    ...opts.server,
  };

  // A steady "online" hint: drains are driven by writes and drainNow, as in the app while online.
  const onlineSignal: OnlineSignal = { isOnline: () => true, subscribe: (_fn: (s: SyncSignal) => void) => () => undefined };
  const engine = createSyncEngine({
    db,
    transport: {
      push: async (body) => {
        calls.push({ kind: 'push', body });
        return server.push(body);
      },
      pull: async (assessmentId) => {
        calls.push({ kind: 'pull', assessmentId });
        return server.pull(assessmentId);
      },
    },
    onlineSignal,
    lock: createInProcessLock(name),
    getUserId: () => caller?.userId ?? null,
    enqueueDelayMs: 20,
  });
  const notifyEnqueued = engine.notifyEnqueued;
  engine.notifyEnqueued = () => {
    calls.push({ kind: 'enqueued' });
    notifyEnqueued();
  };
  const drainNow = engine.drainNow;
  engine.drainNow = () => {
    calls.push({ kind: 'drainNow' });
    return drainNow();
  };
  const deps: outbox.OutboxDeps = { onEnqueue: () => engine.notifyEnqueued() };

  const evidence: EvidenceUploads = {
    async queue({ maxMb, ...input }) {
      return queueEvidence(db, input, { maxMb: maxMb ?? opts.evidenceMaxMb ?? 25, storage: null, onQueued: () => void evidence.kick() });
    },
    async kick() {
      calls.push({ kind: 'evidence.kick' });
      return server.kick();
    },
    async retry(evidenceId) {
      calls.push({ kind: 'evidence.retry', evidenceId });
    },
    async remove(evidenceId) {
      calls.push({ kind: 'evidence.remove', evidenceId });
      const res = server.remove(evidenceId);
      if (res.ok) await db.evidence.delete(evidenceId);
      return res;
    },
    async file(evidenceId) {
      calls.push({ kind: 'evidence.file', evidenceId });
      return server.file(evidenceId);
    },
    setDates: (evidenceId, dates) =>
      setEvidenceDates(
        db,
        {
          setDates: async (id, body) => {
            calls.push({ kind: 'evidence.setDates', evidenceId: id, body });
            return server.setDates(id, body);
          },
        },
        evidenceId,
        dates,
      ),
    pause: () => undefined,
    resume: () => undefined,
    stop: () => undefined,
    settled: async () => undefined,
  };

  let unsent: UnsentState = { rows: 0, files: 0, oldest: null };
  const listeners = new Set<() => void>();
  const refreshUnsent = () =>
    void unsentWork(db).then(
      (next) => {
        unsent = next;
        for (const fn of listeners) fn();
      },
      () => undefined,
    );

  const signedOut = (): WriteResult<never> => ({ ok: false, code: 'storage_unavailable', message: STORAGE_UNAVAILABLE_MESSAGE });
  const after = <T>(p: Promise<T>) => p.finally(refreshUnsent);

  const runtime: FakeRuntime = {
    db,
    engine,
    evidence,
    caller: () => caller,
    async setCaller(next) {
      caller = next;
    },
    recordAnswer: (input) => (caller ? after(recordAnswer(db, { ...input, ...caller }, deps)) : Promise.resolve(signedOut())),
    recordDeferral: (input) => (caller ? after(outbox.recordDeferral(db, { ...input, ...caller }, deps)) : Promise.resolve(signedOut())),
    queueSubmit: (assessmentId) => (caller ? after(outbox.queueSubmit(db, { assessmentId, ...caller }, deps)) : Promise.resolve(signedOut())),
    cancelSubmit: (assessmentId) => (caller ? after(outbox.cancelSubmit(db, { assessmentId, userId: caller.userId })) : Promise.resolve(signedOut())),
    resolveConflict: (assessmentId, questionId, choice) =>
      caller ? after(resolveConflict(db, { assessmentId, questionId, choice, ...caller }, deps)) : Promise.resolve(signedOut()),
    unsent: () => unsent,
    subscribeUnsent(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    stop: () => engine.stop(),
    settled: () => engine.settled(),
    calls,
    pushes: () => calls.flatMap((c) => (c.kind === 'push' ? [c.body] : [])),
    setServer(next) {
      server = { ...server, ...next };
    },
    async dispose() {
      engine.stop();
      await engine.settled();
      await db.delete({ disableAutoOpen: true });
    },
  };
  engine.start();
  return runtime;
}
