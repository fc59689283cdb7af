// /assessment/new: opens the assessment in progress or creates one, and replaces the URL with its id.
// When the organization has submitted an assessment before, it first asks how to start: from the
// last one, its answers carried to re-confirm (the default), or blank (ADR 019).
// It reads the organization's applicability profile first (GET /api/organization/applicability):
// without a profile no assessment can start, so an org_admin fills it here and saving starts the
// assessment, and a team member is told that an admin must complete it. The server's 409
// applicability_required answer to a create leads to the same form (the profile read can fail).
// Starting is a write of the data layer (useServerMutation, ADR 032) run once per intent: opening
// the page (once, also under React StrictMode's double effects), a choice, or Retry after a failure,
// which the page shows with the server's message.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApplicabilityView } from '#domain/contracts/accounts.ts';
import type { StartFrom } from '#domain/contracts/enums.ts';
import type { ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { MSG } from '#domain/messages.ts';
import { ApplicabilityForm } from '../../components/applicability/applicability-form.tsx';
import { PageHeader } from '../../components/layouts/app-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card, CardBody } from '../../components/ui/card.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../hooks/use-session.ts';
import { messageOf, useRunOnce, useServerMutation, type Failure } from '../../lib/server-data/index.ts';
import { getApplicability, isApplicabilityRequired, saveApplicability } from '../../lib/applicability-api.ts';
import { formatDate } from '#domain/dates.ts';
import { createOrOpenAssessment } from './api/assessments.ts';
import { StartChoice } from './components/start-choice.tsx';

/** Where the start leads: the assessment to open, the profile form, or the choice of how to start. */
type Start = { kind: 'open'; id: string } | { kind: 'profile' } | { kind: 'choose'; last: NonNullable<ApplicabilityView['last_submitted']> };

/** What the user asked for: open the page (decide how to start), or create the assessment (from a choice). */
type Intent = { step: 'start' } | { step: 'create'; from?: StartFrom };

/** Creates the assessment (or opens the one in progress); the server's 409 applicability_required leads to the profile form. */
async function create(orgId: string, from?: StartFrom): Promise<Start> {
  try {
    return { kind: 'open', id: await createOrOpenAssessment(orgId, from) };
  } catch (error) {
    if (isApplicabilityRequired(error)) return { kind: 'profile' };
    throw error;
  }
}

/**
 * Where to go: the assessment in progress; the profile form when the organization has no profile
 * yet; the choice of how to start when it has submitted an assessment before (the server names the
 * last one: last_submitted); else a new (blank) assessment. A failed read falls back to the create,
 * which says why (offline, or 409 applicability_required) or opens the one in progress.
 */
async function start(orgId: string): Promise<Start> {
  const view = await getApplicability().catch(() => null);
  if (view?.in_progress_assessment_id) return { kind: 'open', id: view.in_progress_assessment_id };
  if (view && !view.profile) return { kind: 'profile' };
  if (view?.last_submitted) return { kind: 'choose', last: view.last_submitted };
  return create(orgId);
}

export const START_NEEDS_NETWORK = 'You are offline. Starting an assessment needs a connection to the server; answering one already started works offline.';

/** Why a start failed: offline, else the server's words or the screen's. */
function startFailure(failure: Failure): string {
  return failure.kind === 'network' ? START_NEEDS_NETWORK : messageOf(failure, MSG.createAssessmentFailed);
}

const NO_ORGANIZATION = 'You need to belong to an organization to start an assessment.';

export const GATE_TITLE = 'Before your first assessment';
export const GATE_WHY =
  'Tell us what kind of organization this is and which duties it has. The questionnaire then asks only the questions that apply to you, and your score is still shown out of 140, scaled to the questions you are asked.';

export function NewAssessmentPage() {
  const { profile } = useSession();
  const navigate = useNavigate();
  const orgId = profile?.organization?.id ?? null;
  const isAdmin = profile?.role === 'org_admin';
  const [step, setStep] = useState<Exclude<Start, { kind: 'open' }> | null>(null);
  /** The last start that failed: its message and the intent Retry runs again. */
  const [failed, setFailed] = useState<{ message: string; intent: Intent } | null>(null);
  const begin = useServerMutation((intent: Intent & { orgId: string }) => (intent.step === 'start' ? start(intent.orgId) : create(intent.orgId, intent.from)));
  const { run: runBegin } = begin;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Runs one intent; a failure stays on this page with Retry. The created assessment replaces the URL. */
  const go = useCallback(
    async (intent: Intent) => {
      if (!orgId) return;
      setFailed(null);
      const res = await runBegin({ ...intent, orgId });
      if (!mounted.current) return; // left meanwhile: nowhere to go
      if (!res.ok) return setFailed({ message: startFailure(res), intent });
      if (res.value.kind === 'open') navigate(paths.assessment.href(res.value.id), { replace: true });
      else setStep(res.value);
    },
    [orgId, runBegin, navigate],
  );

  // Opening the page is one intent: started once per organization, also under StrictMode.
  useRunOnce(orgId, () => void go({ step: 'start' }));

  /** Saves the profile, then starts the assessment; a failed save stays on the form (it shows why). */
  const saveAndStart = async (applicability: ApplicabilityProfile) => {
    await saveApplicability(applicability);
    await go({ step: 'create' });
  };

  if (!orgId)
    return (
      <div className="max-w-3xl space-y-4">
        <Alert tone="error">{NO_ORGANIZATION}</Alert>
        <ButtonLink variant="secondary" to={paths.dashboard.href()}>
          Back to dashboard
        </ButtonLink>
      </div>
    );
  if (failed)
    return (
      <div className="max-w-3xl space-y-4">
        <PageHeader title="Start a new assessment" />
        <Alert
          tone="error"
          title={MSG.createAssessmentFailed}
          action={
            <Button size="sm" variant="secondary" loading={begin.pending} onClick={() => void go(failed.intent)}>
              Retry
            </Button>
          }
        >
          {failed.message !== MSG.createAssessmentFailed ? failed.message : 'Please try again in a moment.'}
        </Alert>
        <ButtonLink variant="secondary" to={paths.dashboard.href()}>
          Back to dashboard
        </ButtonLink>
      </div>
    );
  if (!step) return <PageSpinner label="Starting your assessment…" />;
  if (step.kind === 'choose')
    return (
      <>
        <PageHeader title="Start a new assessment" description={`Your last assessment was submitted on ${formatDate(step.last.submitted_at)}.`} />
        <StartChoice last={step.last} onStart={(from) => go({ step: 'create', from })} />
      </>
    );
  return (
    <>
      <PageHeader title={GATE_TITLE} description={isAdmin ? GATE_WHY : undefined} />
      {isAdmin ? (
        <Card className="max-w-3xl">
          <CardBody>
            <ApplicabilityForm initial={null} onSave={saveAndStart} submitLabel="Save and start assessment" />
          </CardBody>
        </Card>
      ) : (
        <div className="max-w-3xl space-y-4">
          <Alert tone="info">{MSG.applicabilityRequiredMember}</Alert>
          <ButtonLink variant="secondary" to={paths.dashboard.href()}>
            Back to dashboard
          </ButtonLink>
        </div>
      )}
    </>
  );
}
