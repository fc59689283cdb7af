// Tests of reports and results: give an assessment the applicability profile it was asked against,
// as starting it freezes it (assessments.applicability and the assessment_questions rows written by
// freezeAssessmentQuestions, the function createAssessment runs), or make its stored result look
// like one written before ADR 018.
import { eq } from 'drizzle-orm';
import type { ResultView } from '#domain/contracts/assessments.ts';
import type { ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { assessmentQuestions, assessments } from '#server/db/schema/index.ts';
import type { TestServer } from '#tests/setup/app.ts';
import { freezeAssessmentQuestions } from '../questions/index.ts';

/** Freezes `profile` into the assessment (before any answer), as if the organization had it at start. */
export async function freezeProfile(server: TestServer, assessmentId: string, profile: ApplicabilityProfile | null): Promise<void> {
  const db = server.deps.db;
  const [a] = await db.select({ versionId: assessments.versionId }).from(assessments).where(eq(assessments.id, assessmentId));
  if (!a) throw new Error(`assessment ${assessmentId} not found`);
  await db.transaction(async (tx) => {
    await tx.update(assessments).set({ applicability: profile }).where(eq(assessments.id, assessmentId));
    await tx.delete(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, assessmentId));
    await freezeAssessmentQuestions({ db: tx }, { assessmentId, versionId: a.versionId, applicability: profile });
  });
}

/** Rewrites the stored result of a submitted assessment (e.g. to the shape stored before ADR 018). */
export async function rewriteStoredResult(server: TestServer, assessmentId: string, rewrite: (stored: ResultView) => unknown): Promise<void> {
  const db = server.deps.db;
  const [a] = await db.select({ result: assessments.result }).from(assessments).where(eq(assessments.id, assessmentId));
  if (!a?.result) throw new Error(`assessment ${assessmentId} has no stored result`);
  await db.update(assessments).set({ result: rewrite(a.result) as ResultView }).where(eq(assessments.id, assessmentId));
}
