// The organization's applicability profile (domain/questions/applicability.ts): org_admins edit
// it, other members read it. Each assessment freezes the profile it starts with, so a change
// applies to the next assessment, never to one already started; the card always says so.
import { Scale } from 'lucide-react';
import type { ApplicabilityView } from '#domain/contracts/accounts.ts';
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { instrumentsUnconfirmed, type ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { ApplicabilityForm, ApplicabilitySummary } from '../../../components/applicability/applicability-form.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { getApplicability, saveApplicability } from '../../../lib/applicability-api.ts';
import { messageOf, useServerQuery } from '../../../lib/server-data/index.ts';
import { formatDateTime } from '../../../utils/format-time.ts';

/** The activities fieldset of the form, where the review notice moves the focus. */
export const ACTIVITIES_SECTION_ID = 'profile-activities';

/** Brings the activities into view and puts the focus on them (their legend is read out). */
function focusActivities() {
  const section = document.getElementById(ACTIVITIES_SECTION_ID);
  section?.scrollIntoView({ block: 'start' });
  section?.focus({ preventScroll: true });
}

export const STARTED_KEEPS_PROFILE = 'An assessment already started keeps the profile it started with. Changes apply to the next assessment.';
export const PROFILE_SAVED = 'Applicability profile saved';
const LOAD_FAILED = 'Could not load the applicability profile';

/** "Last changed by Ada Admin, Nov 22, 4:05 PM", or null before the first save. */
export function lastChanged(view: Pick<ApplicabilityView, 'updated_at' | 'updated_by_name'>): string | null {
  if (!view.updated_at) return null;
  return `Last changed${view.updated_by_name ? ` by ${view.updated_by_name}` : ''}, ${formatDateTime(view.updated_at)}`;
}

export function ApplicabilityCard({ canEdit }: { canEdit: boolean }) {
  const { notify } = useToast();
  // The last answer stays on this device, so the profile still reads offline (ADR 007).
  const res = useServerQuery(['applicability'], getApplicability, { offline: true });
  const view = res.data;
  const error = res.status === 'error' ? (res.offline ? 'You are offline and this device has no saved copy yet.' : messageOf(res.error, LOAD_FAILED)) : null;

  async function save(profile: ApplicabilityProfile) {
    const saved = await saveApplicability(profile);
    res.update(() => saved);
    notify(PROFILE_SAVED, 'success');
  }

  const changed = view ? lastChanged(view) : null;
  return (
    <Card>
      <CardHeader
        icon={<Scale className="size-5" />}
        title="Applicability profile"
        description="What kind of organization this is and which duties it has. It decides which questions an assessment asks and which of them must be met to pass."
      />
      <CardBody className="space-y-5">
        {error ? (
          <Alert tone="error" title={LOAD_FAILED} action={<Button size="sm" variant="secondary" onClick={res.reload}>Retry</Button>}>
            {error !== LOAD_FAILED ? error : 'Please try again in a moment.'}
          </Alert>
        ) : !view ? (
          <Spinner size="sm" label="Loading the profile…" />
        ) : (
          <>
            {view.profile && instrumentsUnconfirmed(view.profile) && (
              <Alert tone="warning" title={CONTENT_MSG.instrumentsUnconfirmedTitle}>
                {canEdit ? CONTENT_MSG.instrumentsUnconfirmed : CONTENT_MSG.instrumentsUnconfirmedMember}
              </Alert>
            )}
            {view.activities_review && (
              <Alert tone="warning" title={CONTENT_MSG.activitiesReviewTitle}>
                <p>{canEdit ? CONTENT_MSG.activitiesReview : CONTENT_MSG.activitiesReviewMember}</p>
                {canEdit && (
                  <Button size="sm" variant="secondary" className="mt-2" onClick={focusActivities}>
                    {CONTENT_MSG.activitiesReviewAction}
                  </Button>
                )}
              </Alert>
            )}
            <Alert tone="info">{STARTED_KEEPS_PROFILE}</Alert>
            {changed && <p className="text-xs text-slate-500">{changed}</p>}
            {canEdit ? (
              <>
                {!view.profile && <p className="text-sm text-slate-700">Not completed yet. Your organization needs it before its first assessment.</p>}
                <ApplicabilityForm initial={view.profile} onSave={save} activitiesId={ACTIVITIES_SECTION_ID} />
              </>
            ) : view.profile ? (
              <ApplicabilitySummary profile={view.profile} />
            ) : (
              <p className="text-sm text-slate-700">Not completed yet. An organization admin completes it before the first assessment.</p>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}
