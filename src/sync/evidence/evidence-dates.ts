// The dates of an evidence file on this device (ADR 019), checked with the server's own schema
// (evidenceDatesSchema, domain/contracts/cycles.ts) so a refusal reads the same offline and online.
import { evidenceDatesSchema } from '#domain/contracts/cycles.ts';

/** YYYY-MM-DD; a null effective date means the upload day, a null expiry means none. */
export interface EvidenceDates {
  effectiveOn: string | null;
  expiresOn: string | null;
}

/** Why these dates cannot be stored (a sentence for the screen), or null when they can. */
export function datesProblem(dates: EvidenceDates): string | null {
  const parsed = evidenceDatesSchema.safeParse(dates);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'These dates are not valid.');
}
