// Local writes never throw into the UI: storage problems become a result (and a status the bar shows).
import type { SyncDatabase } from './db.ts';

export type WriteFailureCode = 'storage_full' | 'storage_unavailable' | 'submit_queued' | 'invalid' | 'not_found';
export type WriteResult<T = void> = { ok: true; value: T } | { ok: false; code: WriteFailureCode; message: string };

export const STORAGE_FULL_MESSAGE = 'This device is out of storage space. Free some space, then try again.';
export const STORAGE_UNAVAILABLE_MESSAGE = 'Local storage is unavailable. Reload the page and try again.';

type Listener = (code: WriteFailureCode | null) => void;
const listeners = new Set<Listener>();
let lastStorageProblem: WriteFailureCode | null = null;

/** The latest storage problem (null once a write succeeds again), for the status bar. */
export function storageProblem(): WriteFailureCode | null {
  return lastStorageProblem;
}
export function onStorageProblem(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
function report(code: WriteFailureCode | null) {
  if (code === lastStorageProblem) return;
  lastStorageProblem = code;
  for (const fn of listeners) fn(code);
}

const names = (err: unknown): string[] => {
  const out: string[] = [];
  let e: unknown = err;
  for (let i = 0; e && i < 4; i++) {
    const name = (e as { name?: unknown }).name;
    if (typeof name === 'string') out.push(name);
    e = (e as { inner?: unknown }).inner ?? (e as { cause?: unknown }).cause;
  }
  return out;
};

export const isQuotaError = (err: unknown) => names(err).some((n) => n === 'QuotaExceededError');
export const isClosedError = (err: unknown) =>
  names(err).some((n) => n === 'DatabaseClosedError' || n === 'InvalidStateError' || n === 'UnknownError');

/** Runs a write; on a closed connection reopens and retries once; maps storage errors to results. */
export async function guardedWrite<T>(db: SyncDatabase, fn: () => Promise<WriteResult<T>>): Promise<WriteResult<T>> {
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await fn();
      report(null);
      return result;
    } catch (err) {
      if (isQuotaError(err)) {
        report('storage_full');
        return { ok: false, code: 'storage_full', message: STORAGE_FULL_MESSAGE };
      }
      if (isClosedError(err) && attempt === 0) {
        try {
          db.close();
          await db.open();
          continue;
        } catch {
          /* fall through */
        }
      }
      report('storage_unavailable');
      return { ok: false, code: 'storage_unavailable', message: STORAGE_UNAVAILABLE_MESSAGE };
    }
  }
}
