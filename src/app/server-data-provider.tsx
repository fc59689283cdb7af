// One query client per signed-in user (ADR 032): another user, or none, gets a new client, so no
// read of one user is ever shown to another. A signed-in user's client first restores that user's
// saved reads from IndexedDB (queries wait meanwhile: TanStack's IsRestoringProvider), then saves
// them as they change (src/lib/server-data/query-cache.ts). Signed out, the client saves nothing.
// The tree is not remounted when the user changes (a sign-up flow keeps its state).
import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { useEffect, useState, type ReactNode } from 'react';
import { useSession } from '../hooks/use-session.ts';
import { createQueryClient, shouldSaveQuery } from '../lib/server-data/query-client.ts';
import { QUERY_CACHE_BUSTER, QUERY_CACHE_MAX_AGE_MS, userPersister } from '../lib/server-data/query-cache.ts';

export function ServerDataProvider({ children }: { children: ReactNode }) {
  const userId = useSession().user?.id ?? null;
  // A new client for each user (the previous one is dropped with everything it held).
  const [held, setHeld] = useState(() => ({ userId, client: createQueryClient() }));
  if (held.userId !== userId) setHeld({ userId, client: createQueryClient() });
  const client = held.userId === userId ? held.client : null;
  const [restored, setRestored] = useState<object | null>(null);
  useEffect(() => {
    if (!userId || !client) return;
    const persister = userPersister(userId);
    const options = {
      queryClient: client,
      persister,
      buster: QUERY_CACHE_BUSTER,
      maxAge: QUERY_CACHE_MAX_AGE_MS,
      dehydrateOptions: { shouldDehydrateQuery: shouldSaveQuery },
    };
    let active = true;
    let stopSaving = () => {};
    void persistQueryClientRestore(options)
      .catch(() => undefined)
      .finally(() => {
        if (!active) return;
        stopSaving = persistQueryClientSubscribe(options);
        setRestored(client);
      });
    return () => {
      active = false;
      stopSaving();
      persister.flush(); // what still waits is written before another client of this user restores
    };
  }, [client, userId]);
  if (!client) return null;
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={userId !== null && restored !== client}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
