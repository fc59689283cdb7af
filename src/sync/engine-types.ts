// Types of the sync engine: injected dependencies and its public surface.
import type { SyncDatabase, SyncErrorInfo } from './db.ts';
import type { DrainLock } from './lock.ts';
import type { SyncStatus } from './status.ts';
import type { SyncTransport } from './transport.ts';

export type SyncSignal = 'online' | 'offline' | 'visible';
export interface OnlineSignal {
  /** A hint only: whether requests succeed is the real signal. */
  isOnline(): boolean;
  subscribe(listener: (signal: SyncSignal) => void): () => void;
}

export interface Scheduler {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SyncEngineOptions {
  db: SyncDatabase;
  transport: SyncTransport;
  now?: () => number;
  random?: () => number;
  onlineSignal?: OnlineSignal;
  lock?: DrainLock;
  scheduler?: Scheduler;
  /** Whose rows may be sent; defaults to meta 'session'.userId. Another user's rows are held, never sent. */
  getUserId?: () => string | null | Promise<string | null>;
  enqueueDelayMs?: number;
  pollIntervalMs?: number;
  leaseMs?: number;
}

export interface DrainReport {
  /** False when another tab or the service worker holds the drain lock. */
  acquired: boolean;
  sent: number;
  failure: SyncErrorInfo | null;
}

export interface SyncEngine {
  start(): void;
  /**
   * Stops for good: no new drain or pull starts, and work already on the wire writes nothing
   * locally when it lands (a sign-out clears the database right after, ADR 007).
   */
  stop(): void;
  /** Resolves when the drain or pulls that were running at stop() have finished (or been discarded). */
  settled(): Promise<void>;
  /** Drains now (ignoring backoff) and resolves when done. */
  drainNow(): Promise<DrainReport>;
  /** Schedules a drain shortly after a local write. */
  notifyEnqueued(): void;
  pull(assessmentId: string): Promise<SyncErrorInfo | null>;
  /** After re-login: lift the auth pause and drain. */
  resumeAfterAuth(): Promise<DrainReport>;
  status(): Promise<SyncStatus>;
}
