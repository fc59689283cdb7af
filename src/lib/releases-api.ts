// Releases of the question bank for one assessment (ADR 038): whether a newer release changes an
// assessment's questions, and moving it there (org_admin).
import type { AssessmentReleaseView, ReleaseMoveView } from '#domain/contracts/releases.ts';
import { abortable, call, client } from './api-client.ts';

export const assessmentReleaseKey = (assessmentId: string) => ['assessment-release', assessmentId] as const;

export function getAssessmentRelease(assessmentId: string, signal?: AbortSignal): Promise<AssessmentReleaseView> {
  return call(client.assessments[':id'].release.$get({ param: { id: assessmentId } }, abortable(signal)));
}

export function moveToRelease(assessmentId: string, versionId: number): Promise<ReleaseMoveView> {
  return call(client.assessments[':id'].release.$post({ param: { id: assessmentId }, json: { versionId } }));
}
