// Test helpers for the jobs feature: an organization with a submitted assessment, built through the real API.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { assessmentQuestions, certifications, correctiveActions, evidenceFiles, organizations } from '#server/db/schema/index.ts';
import type { TestServer } from '#tests/setup/app.ts';
import { createOrgAdmin, joinOrganization, type Member } from '#tests/isolation/fixtures.ts';
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

const at = (iso: string) => new Date(iso);

/**
 * An organization with a reminder of every kind due on 2026-07-01, made through the API on a server
 * whose clock reads 2026-03-02: the HEA section 117 date (31 July), the suggested next assessment,
 * an expiring evidence file and a corrective action owned by a member, and an expiring
 * certification; paid, so the action plan is released. Returns its id.
 */
export async function organizationWithEverythingDue(server: TestServer): Promise<string> {
  const admin = await createOrgAdmin(server, { organizationName: 'Gift College', applicability: SECTION_117_PROFILE });
  const member = await joinOrganization(server, admin.organizationId!, { email: 'owner@gift.example', firstName: 'Owen' });
  // Submitted 2026-03-02: the next assessment is suggested from 2026-05-31. PP-23 (HEA 117: 31 July) answered No: an action.
  const assessmentId = await submitAssessmentFor(server, admin, (code) => code === 'PP-23');
  const db = server.deps.db;
  const orgId = admin.organizationId!;
  await db.update(organizations).set({ paidUntil: at('2027-03-01T00:00:00Z') }).where(eq(organizations.id, orgId));
  await db.update(correctiveActions).set({ ownerId: member.userId, targetDate: at('2026-07-05T00:00:00Z') }).where(eq(correctiveActions.assessmentId, assessmentId));
  const [q] = await db.select().from(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, assessmentId)).limit(1);
  const evidenceId = randomUUID();
  await db.insert(evidenceFiles).values({
    id: evidenceId,
    organizationId: orgId,
    assessmentId,
    questionId: q!.questionId,
    fileName: 'policy.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 10,
    sha256: 'a'.repeat(64),
    bytesReceived: 10,
    storageKey: `test/${evidenceId}`,
    status: 'attached',
    expiresOn: '2026-07-20',
    uploadedBy: member.userId,
  });
  await db.insert(certifications).values({
    organizationId: orgId,
    assessmentId,
    verifyCode: randomUUID(),
    signerName: 'Ada Admin',
    signerTitle: 'Provost',
    statement: 'I certify.',
    signedAt: at('2025-07-20T10:00:00Z'),
    expiresAt: at('2026-07-20T10:00:00Z'),
    totalScore: 100,
    grade: 'A',
    passFail: 'Pass',
    versionId: 1,
    versionLabel: 'v1',
    canonical: 'x',
    sha256: 'b'.repeat(64),
  });
  return orgId;
}

export { createOrgAdmin };
