// /assessment/:id: the questionnaire, or the results once the assessment is submitted.
import { useCallback, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { messageOf, useServerQuery, type Failure } from '../../lib/server-data/index.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useSession } from '../../hooks/use-session.ts';
import type { SyncRuntime } from '../../sync/index.ts';
import { useAssessmentSyncState } from '../../sync/react/hooks.ts';
import { useSyncRuntime } from '../../sync/react/runtime-context.ts';
import { getAssessment, getOrganizationUsers } from './api/assessments.ts';
import { getQuestionnaire, questionnaireCacheKey } from './api/questionnaire.ts';
import { EvidenceSlot } from './components/questionnaire/evidence-slot.tsx';
import { PreviousAnswersProvider } from './components/questionnaire/previous-answers.tsx';
import { Questionnaire } from './components/questionnaire/questionnaire.tsx';
import { ReleaseNotice } from './components/release-notice.tsx';
import { ResultsView } from './components/results/results-view.tsx';

function LoadError({ title, error, offline, retry }: { title: string; error: Failure | null; offline: boolean; retry: () => void }) {
  return (
    <div className="space-y-4">
      <Alert tone="error" title={title} action={<Button size="sm" variant="secondary" onClick={retry}>Retry</Button>}>
        {offline ? 'You are offline and this assessment has not been opened on this device before.' : messageOf(error, 'Please try again in a moment.')}
      </Alert>
      <ButtonLink to={paths.dashboard.href()} variant="secondary">
        Back to Dashboard
      </ButtonLink>
    </div>
  );
}

export function AssessmentPage() {
  const { id = '' } = useParams();
  const { profile } = useSession();
  const runtime = useSyncRuntime();
  const orgId = profile?.organization?.id ?? null;
  const loadDetail = useCallback((signal: AbortSignal) => getAssessment(id, signal), [id]);
  const loadMembers = useCallback((signal: AbortSignal) => getOrganizationUsers(orgId!, signal), [orgId]);
  const detail = useServerQuery(['assessment', id], loadDetail, { offline: true });
  const members = useServerQuery(orgId ? ['members', orgId] : null, loadMembers, { offline: true });
  const serverState = useAssessmentSyncState(id, runtime?.db);

  const submitted = serverState?.status === 'submitted' || detail.data?.status === 'submitted';
  // Same path, another page once submitted: the results get their own title (the route's is "Assessment").
  usePageTitle(submitted ? 'Assessment results' : null);
  if (detail.status === 'loading') return <PageSpinner label="Opening the assessment…" />;
  if (detail.status === 'error' || !detail.data) return <LoadError title="The assessment could not be opened" error={detail.error} offline={detail.offline} retry={detail.reload} />;
  if (submitted) return <ResultsView assessmentId={id} members={members.data ?? []} />;
  if (!runtime || !profile) return <PageSpinner label="Preparing offline storage…" />;
  return (
    <PreviousAnswersProvider assessmentId={id}>
      <ReleaseNotice assessmentId={id} runtime={runtime} canMove={profile.role === 'org_admin'} onMoved={detail.reload} />
      {/* A move to a newer release gives the questions new ids: the questionnaire starts afresh, at the first unanswered one. */}
      <OpenAssessment key={detail.data.version_id} id={id} runtime={runtime} userId={profile.id} members={members.data ?? []} />
    </PreviousAnswersProvider>
  );
}

/** Longest wait for the first pull before showing what this device has. */
const PULL_WAIT_MS = 4000;

function OpenAssessment({ id, runtime, userId, members }: { id: string; runtime: SyncRuntime; userId: string; members: Parameters<typeof Questionnaire>[0]['members'] }) {
  const [search] = useSearchParams();
  const load = useCallback((signal: AbortSignal) => getQuestionnaire(id, signal), [id]);
  const data = useServerQuery(questionnaireCacheKey(id), load, { offline: true });
  // Teammates' answers and deferrals: pull once on open (the engine pulls again after each push),
  // so the questionnaire resumes at the team's first unanswered question. Offline, the pull fails fast.
  const [pull, setPull] = useState<'waiting' | 'timed_out' | 'done' | 'done_late'>('waiting');
  useEffect(() => {
    let active = true;
    const t = window.setTimeout(() => active && setPull((p) => (p === 'waiting' ? 'timed_out' : p)), PULL_WAIT_MS);
    void runtime.engine.pull(id).finally(() => active && setPull((p) => (p === 'timed_out' ? 'done_late' : 'done')));
    return () => {
      active = false;
      window.clearTimeout(t);
    };
  }, [runtime, id]);

  if (data.status === 'loading' || pull === 'waiting') return <PageSpinner label="Loading the questions…" />;
  if (data.status === 'error' || !data.data) return <LoadError title="The questions could not be loaded" error={data.error} offline={data.offline} retry={data.reload} />;
  const evidenceRequired = new Set(data.data.questions.filter((q) => q.document_evidence_required).map((q) => q.id));
  return (
    <Questionnaire
      assessmentId={id}
      data={data.data}
      runtime={runtime}
      userId={userId}
      members={members}
      initialQuestionId={search.get('q')}
      lateTeamSync={pull === 'done_late'}
      renderEvidence={(questionId, locked) => (
        <EvidenceSlot runtime={runtime} assessmentId={id} questionId={questionId} userId={userId} locked={locked} required={evidenceRequired.has(questionId)} />
      )}
    />
  );
}
