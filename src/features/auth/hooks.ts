import { useEffect, useState } from 'react';
import { MSG } from '#domain/messages.ts';
import { messageOf } from '../../lib/api-client.ts';
import { getPublicOrganization } from './api/get-public-organization.ts';

export type JoinOrgState = { status: 'none' } | { status: 'loading' } | { status: 'ready'; name: string } | { status: 'error'; message: string };

/** Loads the public name of the organization named by ?org= with the link's ?key= (/signup, ADR 003). */
export function useJoinOrganization(orgId: string | null, key: string | null): JoinOrgState {
  const [state, setState] = useState<JoinOrgState>(!orgId ? { status: 'none' } : key ? { status: 'loading' } : { status: 'error', message: MSG.joinLinkInvalid });
  useEffect(() => {
    if (!orgId || !key) return;
    const ctrl = new AbortController();
    getPublicOrganization(orgId, key, ctrl.signal)
      .then((org) => setState({ status: 'ready', name: org.name }))
      .catch((error: unknown) => {
        if (ctrl.signal.aborted) return;
        setState({ status: 'error', message: messageOf(error, MSG.joinLinkInvalid) });
      });
    return () => ctrl.abort();
  }, [orgId, key]);
  return state;
}
