// /assessment/new: opens the assessment in progress or creates one, and replaces the URL with its id.
// When the organization has submitted an assessment before, it first asks how to start: from the
// last one, its answers carried to re-confirm (the default), or blank (ADR 019).
// It reads the organization's applicability profile first (GET /api/organization/applicability):
// without a profile no assessment can start, so an org_admin fills it here and saving starts the
// assessment, and a team member is told that an admin must complete it. The server's 409
// applicability_required answer to a create leads to the same form (the profile read can fail).
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApplicabilityView } from '#domain/contracts/accounts.ts';
import type { StartFrom } from '#domain/contracts/enums.ts';
import type { ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { MSG } from '#domain/messages.ts';
import { ApplicabilityForm } from '../../components/applicability/applicability-form.tsx';
import { PageHeader } from '../../components/layouts/app-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card, CardBody } from '../../components/ui/card.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../hooks/use-session.ts';
import { failureOf, messageOf } from '../../lib/server-data/index.ts';
import { getApplicability, isApplicabilityRequired, saveApplicability } from '../../lib/applicability-api.ts';
import { formatDate } from '#domain/dates.ts';
import { createOrOpenAssessment } from './api/assessments.ts';
import { StartChoice } from './components/start-choice.tsx';

/** One create per organization at a time (StrictMode runs effects twice in development). */
const inflight = new Map<string, Promise<string>>();

/** Where the start leads: the assessment to open, the profile form, or the choice of how to start. */
type Start = { kind: 'open'; id: string } | { kind: 'profile' } | { kind: 'choose'; last: NonNullable<ApplicabilityView['last_submitted']> };

const starting = new Map<string, Promise<Start>>();

function createOnce(orgId: string, startFrom?: StartFrom): Promise<string> {
  const running = inflight.get(orgId);
  if (running) return running;
  const p = createOrOpenAssessment(orgId, startFrom).finally(() => inflight.delete(orgId));
  inflight.set(orgId, p);
  return p;
}

/**
 * Where to go: the assessment in progress; the profile form when the organization has no profile
 * yet; the choice of how to start when it has submitted an assessment before (the server names the
 * last one: last_submitted); else a new (blank) assessment. A failed read falls back to the create, which says why (offline, or 409
 * applicability_required) or opens the one in progress.
 */
async function start(orgId: string): Promise<Start> {
  const view = await getApplicability().catch(() => null);
  if (view?.in_progress_assessment_id) return { kind: 'open', id: view.in_progress_assessment_id };
  if (view && !view.profile) return { kind: 'profile' };
  if (view?.last_submitted) return { kind: 'choose', last: view.last_submitted };
  try {
    return { kind: 'open', id: await createOnce(orgId) };
  } catch (error) {
    if (isApplicabilityRequired(error)) return { kind: 'profile' };
    throw error;
  }
}

function startOnce(orgId: string): Promise<Start> {
  const running = starting.get(orgId);
  if (running) return running;
  const p = start(orgId).finally(() => starting.delete(orgId));
  starting.set(orgId, p);
  return p;
}

/** What the dashboard shows after a failed create (MSG.createAssessmentFailed). */
export interface CreateErrorState {
  createError: string;
}

export const START_NEEDS_NETWORK = 'You are offline. Starting an assessment needs a connection to the server; answering one already started works offline.';

/** Why a start failed: offline, else the server's words or the screen's. */
function startFailure(error: unknown): string {
  const failure = failureOf(error);
  return failure.kind === 'network' ? START_NEEDS_NETWORK : messageOf(failure, MSG.createAssessmentFailed);
}

export const GATE_TITLE = 'Before your first assessment';
export const GATE_WHY =
  'Tell us what kind of organization this is and which duties it has. The questionnaire then asks only the questions that apply to you, and your score is still shown out of 140, scaled to the questions you are asked.';

export function NewAssessmentPage() {
  const { profile } = useSession();
  const navigate = useNavigate();
  const orgId = profile?.organization?.id ?? null;
  const isAdmin = profile?.role === 'org_admin';
  const [step, setStep] = useState<Exclude<Start, { kind: 'open' }> | null>(null);

  const fail = useCallback(
    (detail: string) => navigate(paths.dashboard.href(), { replace: true, state: { createError: detail } satisfies CreateErrorState }),
    [navigate],
  );

  useEffect(() => {
    let active = true;
    if (!orgId) {
      fail('You need to belong to an organization to start an assessment.');
      return;
    }
    startOnce(orgId).then(
      (next) => {
        if (!active) return;
        if (next.kind === 'open') navigate(paths.assessment.href(next.id), { replace: true });
        else setStep(next);
      },
      (error: unknown) => {
        if (!active) return;
        fail(startFailure(error));
      },
    );
    return () => {
      active = false;
    };
  }, [orgId, navigate, fail]);

  /** Saves the profile, then starts the assessment; a failed save stays on the form (it shows why). */
  const saveAndStart = async (applicability: ApplicabilityProfile) => {
    if (!orgId) return;
    await saveApplicability(applicability);
    try {
      navigate(paths.assessment.href(await createOnce(orgId)), { replace: true });
    } catch (error) {
      if (isApplicabilityRequired(error)) throw error;
      fail(messageOf(failureOf(error), MSG.createAssessmentFailed));
    }
  };

  /** The choice made: creates the assessment from the last one or blank; a failure goes back to the dashboard with why. */
  const startFrom = async (from: StartFrom) => {
    if (!orgId) return;
    try {
      navigate(paths.assessment.href(await createOnce(orgId, from)), { replace: true });
    } catch (error) {
      fail(startFailure(error));
    }
  };

  if (!step) return <PageSpinner label="Starting your assessment…" />;
  if (step.kind === 'choose')
    return (
      <>
        <PageHeader title="Start a new assessment" description={`Your last assessment was submitted on ${formatDate(step.last.submitted_at)}.`} />
        <StartChoice last={step.last} onStart={startFrom} />
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
