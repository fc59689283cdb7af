// Texts of sessions and the sign-in audit trail (ADR 042), apart from domain/messages.ts (the first
// route loads MSG whole): read by the server and by the lazy Sessions, Audit log and Organization
// security screens only.
export const SESSION_MSG = {
  idleBounds: 'The idle timeout is a whole number of minutes from 5 to 10080 (7 days), or null for none.',
  maxAgeBounds: 'The maximum session age is a whole number of hours from 1 to 2160 (90 days), or null for none.',
  sessionPolicySaved: 'Session settings saved. They apply to every member from their next request.',
  sessionEnded: 'Session ended. That device is signed out.',
  otherSessionsEnded: (n: number) => (n === 1 ? 'Signed out 1 other session.' : `Signed out ${n} other sessions.`),
  sessionNotFound: 'That session has already ended.',
  sessionsUnavailable: 'Sessions are managed by the hosted sign-in service here: see the Supabase dashboard.',
  sessionLimitsUnavailable: 'Session limits are set in the hosted sign-in service here (Supabase dashboard, Auth sessions), not in this app.',
  currentSessionHint: 'To end this session, sign out.',
  auditRange: 'The start date must be on or before the end date.',
} as const;
