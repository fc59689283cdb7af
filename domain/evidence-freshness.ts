// Evidence freshness (ADR 019): a document has an effective date and may expire. An expired file is
// shown as such and satisfies no "evidence required" rule. Dates are calendar days (YYYY-MM-DD);
// "today" is the server's UTC day (utcDay, domain/dates.ts), so every instance and every report agrees.

/** A file expires after its last day: expired when today is later than expiresOn. */
export function isExpired(expiresOn: string | null | undefined, today: string): boolean {
  return !!expiresOn && today > expiresOn;
}

/** The days before expiry on which the file's owner is reminded. */
export const EVIDENCE_REMINDER_DAYS = [30, 7, 1] as const;

/** An attached file counts as evidence today: not expired. */
export function isCurrentEvidence(file: { status: string; expiresOn: string | null }, today: string): boolean {
  return file.status === 'attached' && !isExpired(file.expiresOn, today);
}
