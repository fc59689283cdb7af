// The notice on an assessment in progress that a newer release of the question bank changes
// questions it asks (ADR 038). Every member reads it; an org_admin can move the assessment to the
// new release after confirming how many answers are kept and how many questions are asked again.
// After the move the questionnaire loads its questions and pulls its answers again (new ids).
import { Link } from 'react-router-dom';
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { appConfirm } from '../../../lib/app-dialogs.ts';
import { messageOf, useServerMutation, useServerQuery } from '../../../lib/server-data/index.ts';
import { forgetPulledState, type SyncRuntime } from '../../../sync/index.ts';
import { questionnaireCacheKey } from '../api/questionnaire.ts';
import { assessmentReleaseKey, getAssessmentRelease, moveToRelease } from '../../../lib/releases-api.ts';

export interface ReleaseNoticeProps {
  assessmentId: string;
  runtime: SyncRuntime;
  canMove: boolean;
  /** After a move, once this device pulled the answers under the new ids: reload the assessment (its version). */
  onMoved: () => Promise<void>;
}

export function ReleaseNotice({ assessmentId, runtime, canMove, onMoved }: ReleaseNoticeProps) {
  const { notify } = useToast();
  const release = useServerQuery(assessmentReleaseKey(assessmentId), (signal) => getAssessmentRelease(assessmentId, signal), { offline: false });
  const move = useServerMutation((versionId: number) => moveToRelease(assessmentId, versionId), {
    invalidates: [questionnaireCacheKey(assessmentId), assessmentReleaseKey(assessmentId)],
    onSuccess: async () => {
      await forgetPulledState(runtime.db, assessmentId);
      await runtime.engine.pull(assessmentId);
      await onMoved();
    },
  });
  const update = release.data?.update;
  if (!update) return null;
  const asked = update.re_asked.length + update.added.length;
  const onMove = async () => {
    const ok = await appConfirm(CONTENT_MSG.releaseMoveConfirm(update.answers_kept, asked), { title: CONTENT_MSG.releaseMoveConfirmTitle, confirmLabel: CONTENT_MSG.releaseMoveAction });
    if (!ok) return;
    const res = await move.run(update.version_id);
    if (res.ok) notify(CONTENT_MSG.releaseMoved(res.value.version), 'success');
    else notify(messageOf(res, CONTENT_MSG.releaseMoveFailed), 'error');
  };
  return (
    <Alert tone="info" title={CONTENT_MSG.releaseNoticeTitle} className="mb-6">
      <p>{CONTENT_MSG.releaseNotice(update.version, update.re_asked.length, update.added.length, update.removed.length)}</p>
      {!canMove && <p className="mt-1">{CONTENT_MSG.releaseNoticeMember}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        {canMove && (
          <Button size="sm" onClick={() => void onMove()} loading={move.pending}>
            {CONTENT_MSG.releaseMoveAction}
          </Button>
        )}
        <Link to={paths.releases.href()} className="font-medium underline underline-offset-2">
          Read what changed
        </Link>
      </div>
    </Alert>
  );
}
