// What the persisted read cache saves and restores (ADR 032, ADR 035): a read whose last fetch failed
// offline keeps its data in the saved copy, and a saved client is restored only in a version this
// build can read.
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import { QUERY_CACHE_BUSTER, QUERY_CACHE_VERSION, savedState, upgradedClient } from './query-cache.ts';

const query = (key: string, state: Record<string, unknown>) => ({ queryKey: [key], queryHash: `["${key}"]`, state: { dataUpdateCount: 1, dataUpdatedAt: 1, errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, ...state } });
const client = (buster: string, queries: ReturnType<typeof query>[] = []): PersistedClient =>
  ({ timestamp: Date.now(), buster, clientState: { mutations: [], queries } }) as unknown as PersistedClient;

describe('persisted read cache', () => {
  it('saves a read that failed offline as its last good data, and leaves successful reads alone', () => {
    const saved = savedState(
      client(QUERY_CACHE_BUSTER, [
        query('members', { status: 'error', fetchStatus: 'idle', data: { members: 1 }, error: { kind: 'network' } }),
        query('dashboard', { status: 'success', fetchStatus: 'idle', data: { total: 3 }, error: null }),
      ]),
    );
    expect(saved.clientState.queries.map((q) => [q.queryKey[0], q.state.status, q.state.data, q.state.error])).toEqual([
      ['members', 'success', { members: 1 }, null],
      ['dashboard', 'success', { total: 3 }, null],
    ]);
  });

  it("restores this version's client, and drops a newer or unknown one", () => {
    expect(QUERY_CACHE_BUSTER).toBe(`v${QUERY_CACHE_VERSION}`);
    const same = client(QUERY_CACHE_BUSTER, [query('a', { status: 'success', data: 1 })]);
    expect(upgradedClient(same)?.clientState.queries).toHaveLength(1);
    expect(upgradedClient(client(`v${QUERY_CACHE_VERSION + 1}`))).toBeUndefined();
    expect(upgradedClient(client('not-a-version'))).toBeUndefined();
    expect(upgradedClient(undefined)).toBeUndefined();
  });
});
