// Tells the organization on its dashboard that a newer release of the question bank changes
// questions of its assessment in progress (ADR 038), with the way to it: the questionnaire's own
// notice (src/features/assessment/components/release-notice.tsx) holds the move. Reads the same
// query, so the two never disagree; says nothing while it loads, offline, or when nothing changed.
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useServerQuery } from '../../../lib/server-data/index.ts';
import { assessmentReleaseKey, getAssessmentRelease } from '../../../lib/releases-api.ts';

export function ReleasePrompt({ assessmentId, canMove }: { assessmentId: string; canMove: boolean }) {
  const release = useServerQuery(assessmentReleaseKey(assessmentId), (signal) => getAssessmentRelease(assessmentId, signal), { offline: false });
  const update = release.data?.update;
  if (!update) return null;
  return (
    <Alert tone="info" title={CONTENT_MSG.releaseNoticeTitle}>
      <p>{CONTENT_MSG.releaseNotice(update.version, update.re_asked.length, update.added.length, update.removed.length)}</p>
      {!canMove && <p className="mt-1">{CONTENT_MSG.releaseNoticeMember}</p>}
      <ButtonLink to={paths.assessment.href(assessmentId)} size="sm" variant="secondary" className="mt-3">
        {CONTENT_MSG.releaseOpenAssessment}
      </ButtonLink>
    </Alert>
  );
}
