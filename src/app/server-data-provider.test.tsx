// Component test in real Chromium (vitest project 'component'): the saved reads of the data layer
// (ADR 032) are kept per signed-in user in IndexedDB, restored offline for that user only, and
// gone after a sign-out (src/app/sign-out.ts clearLocalData), so the next user of the browser
// never sees them. Also the one write helper: its pending state and its Result.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { SessionContext } from '../hooks/use-session.ts';
import { storedSession } from '../../tests/component/session.ts';
import { ApiError } from '../lib/api-client.ts';
import { networkFailure } from '../lib/http.ts';
import { useServerMutation, useServerQuery, type Result } from '../lib/server-data/index.ts';
import { clearQueryCache, QUERY_CACHE_MAX_AGE_MS, savedQueryCacheUsers } from '../lib/server-data/query-cache.ts';
import { renderComponent } from '../../tests/component/render.tsx';
import { ServerDataProvider } from './server-data-provider.tsx';
import { clearLocalData } from './sign-out.ts';

type Load = (signal: AbortSignal) => Promise<string>;
const offline: Load = () => Promise.reject(new ApiError(networkFailure()));
const answers =
  (text: string): Load =>
  () =>
    Promise.resolve(text);

const session = (userId: string) => storedSession(userId, 'ready');

function Probe({ load }: { load: Load }) {
  const read = useServerQuery(['probe'], load, { offline: true });
  return <p data-testid="probe">{`${read.status}|${read.data ?? ''}|${read.staleSince !== null ? 'saved copy' : 'fresh'}|${read.offline ? 'offline' : 'online'}`}</p>;
}

const renderAs = (userId: string, load: Load) =>
  renderComponent(
    <SessionContext.Provider value={session(userId)}>
      <ServerDataProvider>
        <Probe load={load} />
      </ServerDataProvider>
    </SessionContext.Provider>,
  );

describe('the saved reads, per signed-in user', () => {
  let unmount: () => void = () => {};
  beforeEach(async () => {
    await clearQueryCache();
  });
  afterEach(() => {
    unmount();
    unmount = () => {};
  });

  it('restores a read offline for the same user, never for another one, and not after a sign-out', async () => {
    // The reads' gcTime is this age: a setTimeout delay above 2^31-1 ms fires at once (every read collected).
    expect(QUERY_CACHE_MAX_AGE_MS).toBeLessThan(2 ** 31 - 1);
    unmount = renderAs('user-a', answers('the plan of organization A'));
    await expect.element(page.getByTestId('probe')).toHaveTextContent('ready|the plan of organization A|fresh|online');
    await expect.poll(() => savedQueryCacheUsers()).toEqual(['user-a']);
    unmount();

    // The same user, the server unreachable: the saved copy, said to be one.
    unmount = renderAs('user-a', offline);
    await expect.element(page.getByTestId('probe')).toHaveTextContent('ready|the plan of organization A|saved copy|offline');
    unmount();

    // Another user on the same browser: nothing of user A.
    unmount = renderAs('user-b', offline);
    await expect.element(page.getByTestId('probe')).toHaveTextContent('error||fresh|offline');
    unmount();

    // User A signs out (the page stays): every saved read is gone, so A's copy is gone too.
    await clearLocalData({ userId: 'user-a', keepUnsent: false, reloading: false });
    expect(await savedQueryCacheUsers()).toEqual([]);
    unmount = renderAs('user-a', offline);
    await expect.element(page.getByTestId('probe')).toHaveTextContent('error||fresh|offline');
  });
});

function Writer({ write, onResult }: { write: (n: number) => Promise<string>; onResult: (r: Result<string>) => void }) {
  const mutation = useServerMutation(write);
  return (
    <button type="button" aria-busy={mutation.pending || undefined} onClick={() => void mutation.run(7).then(onResult)}>
      {mutation.pending ? `Saving ${mutation.pendingFor}` : 'Save'}
    </button>
  );
}

describe('the one write helper', () => {
  let unmount: () => void = () => {};
  afterEach(() => {
    unmount();
    unmount = () => {};
  });

  it('is pending while the write runs and resolves to a Result whose failure carries the server code', async () => {
    const results: Result<string>[] = [];
    let settle: (outcome: 'ok' | 'refused') => void = () => undefined;
    const write = (n: number) =>
      new Promise<string>((resolve, reject) => {
        settle = (outcome) =>
          outcome === 'ok'
            ? resolve(`saved ${n}`)
            : reject(new ApiError({ ok: false, kind: 'http', status: 409, code: 'conflict', message: 'Already a member' }, { error: 'Already a member', code: 'conflict' }));
      });
    unmount = renderComponent(
      <SessionContext.Provider value={session('user-a')}>
        <ServerDataProvider>
          <Writer write={write} onResult={(r) => results.push(r)} />
        </ServerDataProvider>
      </SessionContext.Provider>,
    );
    await userEvent.click(page.getByRole('button', { name: 'Save' }));
    await expect.element(page.getByRole('button', { name: 'Saving 7' })).toHaveAttribute('aria-busy', 'true');
    settle('ok');
    await expect.element(page.getByRole('button', { name: 'Save' })).toBeVisible();
    expect(results).toEqual([{ ok: true, value: 'saved 7' }]);

    await userEvent.click(page.getByRole('button', { name: 'Save' }));
    settle('refused');
    await expect.poll(() => results.length).toBe(2);
    expect(results[1]).toMatchObject({ ok: false, status: 409, code: 'conflict', message: 'Already a member', serverMessage: 'Already a member' });
  });
});
