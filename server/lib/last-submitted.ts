// The organization's last submitted assessment: what a new assessment starts from by default
// (carry-forward, ADR 019), the only one that can be certified (domain/certification), and what the
// start page offers to carry (GET /api/organization/applicability). One query, so the three agree.
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { assessments } from '../db/schema/index.ts';
import type { DbOrTx } from './audit.ts';

/** The most recently submitted assessment of the organization, or null when none was submitted. */
export async function lastSubmitted(db: DbOrTx, organizationId: string) {
  const [row] = await db
    .select()
    .from(assessments)
    .where(and(eq(assessments.organizationId, organizationId), eq(assessments.status, 'submitted'), isNotNull(assessments.submittedAt)))
    // One assessment is in progress at a time, so the later start is the later submission on a tie.
    .orderBy(desc(assessments.submittedAt), desc(assessments.startedAt), desc(assessments.createdAt))
    .limit(1);
  return row ?? null;
}
