// Machine-readable error codes shared by the API and the SPA.
// Every /api error body is { error: string, code: ErrorCode, details?: unknown }.
export const ERROR_CODES = [
  'validation_failed',
  'unauthorized',
  'forbidden',
  // The signed-in user's access ended (403): the SPA signs them out and says why (src/lib/http.ts authFailureOf).
  'access_removed',
  'organization_deleted',
  'account_disabled',
  'profile_missing',
  'email_not_confirmed',
  // Two-step verification (ADR 040): the caller's session must be aal2 (the SPA opens its enrol or
  // verify screen); an org_admin must verify their own factor before requiring it; the hosted
  // provider resets factors in its own dashboard.
  'mfa_required',
  'mfa_enrol_first',
  'mfa_reset_unavailable',
  // Single sign-on (ADR 043): hosted Supabase has its own; "SSO only" needs an approved domain.
  'sso_unavailable',
  'sso_not_ready',
  'not_found',
  'conflict',
  'already_in_progress',
  'upload_in_progress',
  'applicability_required',
  'assessment_locked',
  'incomplete_assessment',
  'payment_required',
  'organization_suspended',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'hash_mismatch',
  'edit_conflict',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  details?: unknown;
}
