// /assessment/new: opens the assessment in progress or creates one, and replaces the URL with its id.
// It reads the organization's applicability profile first (GET /api/organization/applicability):
// without a profile no assessment can start, so an org_admin fills it here and saving starts the
// assessment, and a team member is told that an admin must complete it. The server's 409
// applicability_required answer to a create leads to the same form (the profile read can fail).
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
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
import { ApiError, messageOf } from '../../lib/api-client.ts';
import { getApplicability, isApplicabilityRequired, saveApplicability } from '../../lib/applicability-api.ts';
import { createOrOpenAssessment } from './api/assessments.ts';

/** One create per organization at a time (StrictMode runs effects twice in development). */
const inflight = new Map<string, Promise<string>>();

const starting = new Map<string, Promise<string | null>>();

function createOnce(orgId: string): Promise<string> {
  const running = inflight.get(orgId);
  if (running) return running;
  const p = createOrOpenAssessment(orgId).finally(() => inflight.delete(orgId));
  inflight.set(orgId, p);
  return p;
}

/**
 * The id of the assessment to open: the one in progress, else a new one when the organization has
 * a profile. null when it has no profile yet. A failed profile read falls back to the create, which
 * says why (offline, or 409 applicability_required).
 */
async function start(orgId: string): Promise<string | null> {
  const view = await getApplicability().catch(() => null);
  if (view?.in_progress_assessment_id) return view.in_progress_assessment_id;
  if (view && !view.profile) return null;
  try {
    return await createOnce(orgId);
  } catch (error) {
    if (isApplicabilityRequired(error)) return null;
    throw error;
  }
}

function startOnce(orgId: string): Promise<string | null> {
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

export const GATE_TITLE = 'Before your first assessment';
export const GATE_WHY =
  'Tell us what kind of organization this is and which duties it has. The questionnaire then asks only the questions that apply to you, and your score is still shown out of 140, scaled to the questions you are asked.';

export function NewAssessmentPage() {
  const { profile } = useSession();
  const navigate = useNavigate();
  const orgId = profile?.organization?.id ?? null;
  const isAdmin = profile?.role === 'org_admin';
  const [needsProfile, setNeedsProfile] = useState(false);

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
      (id) => {
        if (!active) return;
        if (id) navigate(paths.assessment.href(id), { replace: true });
        else setNeedsProfile(true);
      },
      (error: unknown) => {
        if (!active) return;
        fail(error instanceof ApiError && error.isNetworkError ? START_NEEDS_NETWORK : messageOf(error, MSG.createAssessmentFailed));
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
      fail(messageOf(error, MSG.createAssessmentFailed));
    }
  };

  if (!needsProfile) return <PageSpinner label="Starting your assessment…" />;
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
