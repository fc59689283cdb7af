// The query client of one signed-in user (ADR 032). Reads behave as the pages expect offline:
// every read is tried (networkMode 'always'), so an unreachable server is a `network` failure the
// page shows next to the saved copy, never a query paused forever; no automatic retries or
// refetches (the sync engine owns retrying writes, ADR 005).
import { QueryCache, QueryClient, onlineManager, type Query } from '@tanstack/react-query';
import { reportMfaRequired } from '../mfa-required.ts';
import { isOnline, subscribeOnline } from '../online.ts';
import { QUERY_CACHE_MAX_AGE_MS } from './query-cache.ts';
import { failureOf } from './result.ts';

// TanStack's own online state follows the client's one online signal (src/lib/online.ts).
onlineManager.setEventListener((setOnline) => {
  setOnline(isOnline());
  return subscribeOnline(setOnline);
});

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A read refused with mfa_required (e.g. the organization turned the policy on during this
    // visit): the profile provider reads the profile again and the shell asks for the second step.
    queryCache: new QueryCache({ onError: (error) => reportMfaRequired(failureOf(error)) }),
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: false,
        staleTime: 0,
        // A saved read must outlive the page's use of it to be saved and restored (TanStack: gcTime >= maxAge).
        gcTime: QUERY_CACHE_MAX_AGE_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

/**
 * Reads marked for offline use that hold data are saved (admin data must be current: never saved).
 * A read whose last fetch failed keeps its data and is saved with it (`savedState`): a page opened
 * offline must not drop the copy the next offline start needs.
 */
export function shouldSaveQuery(query: Query): boolean {
  return query.state.data !== undefined && query.meta?.persist === true;
}
