// The app owns the sync runtime (ADR 017): started for the signed-in user, switched when the user
// changes, told when nobody is signed in, and handed to every screen by React context. The core
// (Dexie, the engine) is loaded on demand, so public pages never download it.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useSession } from '../hooks/use-session.ts';
import { getAccessToken } from '../lib/access-token.ts';
import type * as SyncCoreModule from '../sync/index.ts';
import { SyncRuntimeContext } from '../sync/react/runtime-context.ts';

type SyncCore = typeof SyncCoreModule;

const noSubscription = () => () => undefined;
const noRuntime = () => null;

export function SyncProvider({ children }: { children: ReactNode }) {
  const { profile } = useSession();
  const userId = profile?.id;
  const orgId = profile?.organization?.id;
  const [core, setCore] = useState<SyncCore | null>(null);

  useEffect(() => {
    if (core || !userId || !orgId) return;
    let active = true;
    void import('../sync/index.ts').then((m) => active && setCore(m));
    return () => {
      active = false;
    };
  }, [core, userId, orgId]);

  // Idempotent: starts on sign-in, switches on a user change (the previous user's rows are held,
  // never sent as the new user), stops sending on sign-out (rows are kept); nothing after a sign-out began.
  useEffect(() => {
    core?.ensureSync({ getToken: getAccessToken, caller: userId && orgId ? { userId, orgId } : null });
  }, [core, userId, orgId]);

  const runtime = useSyncExternalStore(core?.subscribeSyncRuntime ?? noSubscription, core?.getSyncRuntime ?? noRuntime, noRuntime);

  return <SyncRuntimeContext.Provider value={runtime}>{children}</SyncRuntimeContext.Provider>;
}
