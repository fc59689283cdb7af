// Test helpers for the jobs feature: an organization with a submitted assessment, built through the real API.
import type { ApplicabilityProfile } from '#domain/questions/applicability.ts';
import type { TestServer } from '#tests/setup/app.ts';
import { createOrgAdmin, type Member } from '../accounts/accounts.fixtures.ts';
import { answerAll, createAssessment } from '../assessments/assessments.test-helpers.ts';

/** Higher education with foreign gifts: asked PP-23, whose clock has the HEA §117 dates (01-31 and 07-31). */
export const SECTION_117_PROFILE: ApplicabilityProfile = { kind: 'ihe', covered: false, agencies: ['nsf'], activities: ['foreign_gifts'] };
/** A company with no federal funding or listed activities: no fixed legal dates. */
export const COMPANY_PROFILE: ApplicabilityProfile = { kind: 'company', covered: false, agencies: [], activities: [] };

/** Starts, answers (Yes unless `no` says otherwise) and submits an assessment; returns its id. */
export async function submitAssessmentFor(server: TestServer, admin: Member, no: (code: string) => boolean = () => false): Promise<string> {
  const id = await createAssessment(server, admin.accessToken, admin.organizationId);
  await answerAll(server, admin.accessToken, id, (q) => (no(q.code) ? 'no' : 'yes'));
  const res = await server.json('POST', `/api/assessments/${id}/submit`, undefined, admin.accessToken);
  if (res.status !== 200) throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

export { createOrgAdmin };
