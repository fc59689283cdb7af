// Retry delays: exponential with full jitter, 1 s → 5 min (ADR 005), honouring Retry-After.
export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** Delay before retry number `failures` (1 = first retry). `random` returns [0, 1). */
export function backoffDelay(failures: number, random: () => number): number {
  const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, failures - 1));
  return Math.max(BACKOFF_MIN_MS, Math.floor(random() * cap));
}

/** Retry-After as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(BACKOFF_MAX_MS, Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.min(BACKOFF_MAX_MS, Math.max(0, at - nowMs));
}
