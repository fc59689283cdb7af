// Constant-time comparison of secrets (API keys, bearer tokens): shared by the embedded auth
// provider (server/auth-provider/auth.http.ts) and GET /metrics (server/features/health/metrics.routes.ts).
import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time string comparison (hashes both sides so lengths always match). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}
