// Sessions and the organization's audit log (ADR 042): request schemas and response shapes shared
// by the API and the SPA's lazy Sessions and Audit log screens.
import { z } from 'zod';
import { SESSION_MSG } from '../session-messages.ts';
import { keysetPageFields, type KeysetPage } from './admin.ts';

/** GET /api/account/sessions: one of the caller's sessions. */
export interface AccountSessionView {
  id: string;
  /** The session of this request. */
  current: boolean;
  created_at: string;
  /** Last refresh or API request (to the minute). */
  last_active_at: string;
  ip: string | null;
  /** A coarse place from the address alone (no network calls, no GeoIP database): see server/lib/client-labels.ts. */
  place: string;
  user_agent: string | null;
  /** "Chrome on Windows" and the like, from the User-Agent. */
  device: string;
  /** How the session signed in: password, recovery (a reset link), otp (a confirmation link). */
  method: string;
  aal: 'aal1' | 'aal2';
}

export interface AccountSessionsResponse {
  sessions: AccountSessionView[];
}

/** DELETE /api/account/sessions/:id and DELETE /api/account/sessions (every other session). */
export interface EndSessionsResponse {
  message: string;
  ended: number;
}

/** The `kind` filter of the organization's audit log: groups of actions. */
export const AUDIT_KINDS = ['sign_in', 'second_factor', 'factor_change', 'sign_out', 'session_end', 'other'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The actions of each kind but 'other' (every action not listed here). */
export const AUDIT_KIND_ACTIONS: Record<Exclude<AuditKind, 'other'>, readonly string[]> = {
  sign_in: ['auth.sign_in', 'auth.sign_in_failed'],
  second_factor: ['auth.mfa_verified', 'auth.mfa_failed'],
  factor_change: ['auth.factor_enrolled', 'auth.factor_removed', 'user.mfa_reset'],
  sign_out: ['auth.sign_out'],
  session_end: ['auth.session_ended'],
};

export function kindOfAction(action: string): AuditKind {
  for (const [kind, actions] of Object.entries(AUDIT_KIND_ACTIONS)) if (actions.includes(action)) return kind as AuditKind;
  return 'other';
}

/** The CSV download holds at most this many rows (newest first); the answer says when more matched. */
export const AUDIT_CSV_MAX_ROWS = 10_000;
export const AUDIT_TRUNCATED_HEADER = 'X-Audit-Log-Truncated';

const day = (name: string) => z.iso.date({ error: `${name} must be a date (YYYY-MM-DD)` }).optional();

/** GET /api/organization/audit-log: keyset pages like the admin lists (ADR 026); dates are UTC days, both included. */
export const organizationAuditQuerySchema = z
  .strictObject({
    ...keysetPageFields,
    person: z.uuid({ error: 'person must be a member id' }).optional(),
    kind: z.enum(AUDIT_KINDS, { error: `kind must be one of ${AUDIT_KINDS.join(', ')}` }).optional(),
    from: day('from'),
    to: day('to'),
    format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: SESSION_MSG.auditRange });
export type OrganizationAuditQuery = z.infer<typeof organizationAuditQuerySchema>;

export interface AuditPersonView {
  id: string;
  email: string | null;
  name: string | null;
}

export interface OrganizationAuditEntryView {
  id: string;
  created_at: string;
  action: string;
  kind: AuditKind;
  /** Who acted; null: the platform (a session policy, a detected token reuse). */
  actor: AuditPersonView | null;
  /** The member the event is about, when it is about one. */
  person: AuditPersonView | null;
  outcome: 'success' | 'failure' | null;
  method: string | null;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  before: unknown;
  after: unknown;
}

export interface OrganizationAuditPage extends Omit<KeysetPage, 'estimated_total'> {
  items: OrganizationAuditEntryView[];
}
