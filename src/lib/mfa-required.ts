// The API's refusal of an aal1 session until it shows its second factor (ADR 039): 403 with the
// code `mfa_required` (the organization requires two-step verification, or the caller is a system
// admin). Decided by the code, never by the message text, as src/lib/http.ts authFailureOf decides
// ended access. Kept out of http.ts so the first route's script does not grow (BENCHMARKS.md §2).
import type { Failure } from './http.ts';

export const MFA_REQUIRED_CODE = 'mfa_required';

export function isMfaRequired(failure: Pick<Failure, 'status' | 'code'>): boolean {
  return failure.status === 403 && failure.code === MFA_REQUIRED_CODE;
}

const listeners = new Set<() => void>();

/** Calls back when a page's read was refused with `mfa_required` (the profile provider reads the profile again). */
export function onMfaRequired(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Tells the listeners when `failure` is an `mfa_required` refusal (src/lib/server-data/query-client.ts). */
export function reportMfaRequired(failure: Pick<Failure, 'status' | 'code'>): void {
  if (isMfaRequired(failure)) for (const fn of listeners) fn();
}
