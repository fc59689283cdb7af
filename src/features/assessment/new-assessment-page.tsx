// /assessment/new: creates an assessment (or opens the one in progress) and replaces the URL with its id.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '#domain/messages.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../hooks/use-session.ts';
import { messageOf } from '../../lib/api-client.ts';
import { createOrOpenAssessment } from './api/assessments.ts';

/** One create per organization at a time (StrictMode runs effects twice in development). */
const inflight = new Map<string, Promise<string>>();

function createOnce(orgId: string): Promise<string> {
  const running = inflight.get(orgId);
  if (running) return running;
  const p = createOrOpenAssessment(orgId).finally(() => inflight.delete(orgId));
  inflight.set(orgId, p);
  return p;
}

/** What the dashboard shows after a failed create (MSG.createAssessmentFailed). */
export interface CreateErrorState {
  createError: string;
}

export function NewAssessmentPage() {
  const { profile } = useSession();
  const navigate = useNavigate();
  const orgId = profile?.organization?.id ?? null;

  useEffect(() => {
    let active = true;
    const fail = (detail: string) => navigate(paths.dashboard.href(), { replace: true, state: { createError: detail } satisfies CreateErrorState });
    if (!orgId) {
      fail('You need to belong to an organization to start an assessment.');
      return;
    }
    createOnce(orgId).then(
      (id) => active && navigate(paths.assessment.href(id), { replace: true }),
      (error: unknown) => active && fail(messageOf(error, MSG.createAssessmentFailed)),
    );
    return () => {
      active = false;
    };
  }, [orgId, navigate]);

  return <PageSpinner label="Starting your assessment…" />;
}
