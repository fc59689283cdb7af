// Loaded lazily by the header slot: starts the sync runtime for the signed-in user and shows its status.
import { useEffect } from 'react';
import { useSession } from '../../hooks/use-session.ts';
import { getAccessToken } from '../../lib/access-token.ts';
import { ensureSync, hasUnsentChanges, subscribeUnsentChanges } from '../../sync/index.ts';
import { SyncStatus } from './sync-status.tsx';

const token = getAccessToken;

/** One engine per page, bound to the signed-in user (rows of another user are held, never sent). */
function useSyncRuntimeFor(userId: string | undefined, orgId: string | undefined) {
  useEffect(() => {
    // Idempotent: starts on sign-in, switches on a user change, stops sending on sign-out.
    ensureSync({ getToken: token, identity: userId && orgId ? { userId, orgId } : null });
  }, [userId, orgId]);
}

/** The update prompt's gate: never reload while a change or a file waits to be sent. */
export const updateGate = { allowed: () => !hasUnsentChanges(), subscribe: subscribeUnsentChanges };

export function HeaderSync() {
  const { profile } = useSession();
  useSyncRuntimeFor(profile?.id, profile?.organization?.id);
  return <SyncStatus />;
}
