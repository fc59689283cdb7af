import { useEffect, useState } from 'react';
import { messageOf } from '../../lib/api-client.ts';
import { getPublicOrganization } from './api/get-public-organization.ts';

export type JoinOrgState = { status: 'none' } | { status: 'loading' } | { status: 'ready'; name: string } | { status: 'error'; message: string };

/** Loads the public name of the organization named by ?org= (spec §2 /signup). */
export function useJoinOrganization(orgId: string | null): JoinOrgState {
  const [state, setState] = useState<JoinOrgState>(orgId ? { status: 'loading' } : { status: 'none' });
  useEffect(() => {
    if (!orgId) return;
    const ctrl = new AbortController();
    getPublicOrganization(orgId, ctrl.signal)
      .then((org) => setState({ status: 'ready', name: org.name }))
      .catch((error: unknown) => {
        if (ctrl.signal.aborted) return;
        setState({ status: 'error', message: messageOf(error, 'This organization link is not valid.') });
      });
    return () => ctrl.abort();
  }, [orgId]);
  return state;
}
