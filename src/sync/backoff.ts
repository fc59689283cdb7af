// Retry delays: exponential with full jitter, 1 s → 5 min (ADR 005); a server's Retry-After is read by parseRetryAfter in src/lib/http.ts.
export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** Delay before retry number `failures` (1 = first retry). `random` returns [0, 1). */
export function backoffDelay(failures: number, random: () => number): number {
  const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, failures - 1));
  return Math.max(BACKOFF_MIN_MS, Math.floor(random() * cap));
}
