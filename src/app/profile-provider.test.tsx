// Component test in real Chromium (vitest project 'component'): the profile is a saved read of the
// data layer (ADR 032), so a signed-in user who opens the app offline, with a stored session that
// cannot be refreshed, still sees their name and organization, restored from IndexedDB for that
// user only; nothing of it is in localStorage.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { ProfileDto } from '#domain/contracts/accounts.ts';
import { SessionContext, useSession } from '../hooks/use-session.ts';
import { storedSession } from '../../tests/component/session.ts';
import { useServerQuery } from '../lib/server-data/index.ts';
import { clearQueryCache, savedQueryCacheUsers } from '../lib/server-data/query-cache.ts';
import { renderComponent } from '../../tests/component/render.tsx';
import { OFFLINE_NO_COPY, ProfileProvider, profileKey } from './profile-provider.tsx';
import { ServerDataProvider } from './server-data-provider.tsx';

const ADA: ProfileDto = {
  id: 'user-ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@engines.example',
  role: 'org_admin',
  status: 'active',
  organization: { id: 'org-1', name: 'Analytical Engines Ltd', status: 'active', suspended_reason: null, joinByLinkEnabled: false, require_mfa: false, paid_until: null },
};

/** Signed in offline: the stored session's user, no verifiable session (session-provider.tsx). */
const offlineSession = (userId: string) => storedSession(userId);

/** An earlier online visit: the profile read as the ProfileProvider reads it, saved for offline use. */
function Seed({ profile }: { profile: ProfileDto }) {
  const read = useServerQuery(profileKey(profile.id), async () => profile, { offline: true });
  return <p data-testid="seed">{read.status}</p>;
}

function Header() {
  const { profile, profileStatus, profileError } = useSession();
  return <p data-testid="header">{`${profileStatus}|${profile ? `${profile.first_name} ${profile.last_name}, ${profile.organization?.name}` : ''}|${profileError ?? ''}`}</p>;
}

const openOffline = (userId: string) =>
  renderComponent(
    <SessionContext.Provider value={offlineSession(userId)}>
      <ServerDataProvider>
        <ProfileProvider>
          <Header />
        </ProfileProvider>
      </ServerDataProvider>
    </SessionContext.Provider>,
  );

describe('the profile as a saved read', () => {
  let unmount: () => void = () => {};
  beforeEach(async () => {
    await clearQueryCache();
    localStorage.clear();
  });
  afterEach(() => {
    unmount();
    unmount = () => {};
  });

  it("an offline start shows the user's saved name and organization, another user's never, and keeps none in localStorage", async () => {
    unmount = renderComponent(
      <SessionContext.Provider value={offlineSession(ADA.id)}>
        <ServerDataProvider>
          <Seed profile={ADA} />
        </ServerDataProvider>
      </SessionContext.Provider>,
    );
    await expect.element(page.getByTestId('seed')).toHaveTextContent('ready');
    await expect.poll(() => savedQueryCacheUsers()).toEqual([ADA.id]);
    unmount();

    unmount = openOffline(ADA.id);
    await expect.element(page.getByTestId('header')).toHaveTextContent('ready|Ada Lovelace, Analytical Engines Ltd|');
    expect(Object.values(localStorage).join('\n')).not.toContain('Lovelace');
    unmount();

    // Another user of the browser, offline with no saved profile of their own: told why, shown nothing of Ada.
    unmount = openOffline('user-bob');
    await expect.element(page.getByTestId('header')).toHaveTextContent(`error||${OFFLINE_NO_COPY}`);
  });
});
