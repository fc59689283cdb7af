// The signed-in user's profile (GET /api/auth/profile) as a read of the data layer (ADR 032): the
// per-user query cache saves it to IndexedDB for offline use, so a signed-in user who opens the app
// offline still sees their name and organization (nothing of it is kept in localStorage). It
// completes the session the SessionProvider (./session-provider.tsx) gives the app: the pages read
// `profile`, `profileStatus`, `profileError`, `accessEnded` and `refreshProfile` through useSession.
import { useIsRestoring } from '@tanstack/react-query';
import { useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { ProfileDto } from '#domain/contracts/accounts.ts';
import { ProfileSeenContext, SessionContext, useSession, type ProfileStatus, type SessionState } from '../hooks/use-session.ts';
import { abortable, authFailureOf, call, client } from '../lib/api-client.ts';
import { useServerQuery, type Failure } from '../lib/server-data/index.ts';

/** The profile's read: one per signed-in user (the query client is per user too, ADR 032). */
export const profileKey = (userId: string) => ['auth', 'profile', userId];

export const OFFLINE_NO_COPY = 'You are offline. Your profile will load when you reconnect.';

/** A join request waiting for approval (ADR 003): the 403 profile_missing answer names it. */
function joinRequestPending(failure: Failure): boolean {
  const details = failure.details;
  return typeof details === 'object' && details !== null && 'joinRequest' in details && !!details.joinRequest;
}

type ProfileState = Pick<SessionState, 'profileStatus' | 'profileError' | 'accessEnded'>;

/** What the shell makes of a failed read with no usable copy. */
function failedState(failure: Failure): ProfileState {
  // The accounts API answers 403 profile_missing for a signed-in user who has no profile yet.
  if (failure.code === 'profile_missing') return { profileStatus: 'missing', profileError: joinRequestPending(failure) ? failure.message : null, accessEnded: null };
  const ended = failure.status === 403 ? authFailureOf(failure, true, false) : null;
  return { profileStatus: 'error', profileError: failure.message || 'Could not load your profile', accessEnded: ended === 'ended' ? null : ended };
}

export function ProfileProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const { user, authFlowActive } = session;
  const seen = useContext(ProfileSeenContext);
  const restoring = useIsRestoring();
  // Signed in but the stored session could not be refreshed (offline): a read could only fail.
  const verifiable = session.session !== null;
  const read = useServerQuery<ProfileDto>(user ? profileKey(user.id) : null, (signal) => call(client.auth.profile.$get({}, abortable(signal))), {
    offline: true,
    // During sign-up the page itself creates the profile; reading it here would race that call.
    enabled: verifiable && !authFlowActive,
  });
  const profile = read.data;
  const { reload } = read;

  let state: ProfileState = { profileStatus: 'loading', profileError: null, accessEnded: null };
  if (!user) state = { ...state, profileStatus: 'idle' };
  else if (profile) state = { ...state, profileStatus: 'ready' };
  else if (restoring) state = { ...state, profileStatus: 'loading' };
  else if (read.error) state = failedState(read.error);
  else if (!verifiable) state = { ...state, profileStatus: 'error', profileError: OFFLINE_NO_COPY };
  else if (authFlowActive && !read.fetching) state = { ...state, profileStatus: 'idle' };
  const { profileStatus, profileError, accessEnded } = state;

  // A usable profile (fresh or saved) in this page: a later refusal of access signs the user out.
  useEffect(() => {
    if (profile) seen();
  }, [profile, seen]);

  const refreshProfile = useMemo(() => (verifiable ? reload : async () => undefined), [verifiable, reload]);
  const value = useMemo<SessionState>(
    () => ({ ...session, profile, profileStatus: profileStatus as ProfileStatus, profileError, accessEnded, refreshProfile }),
    [session, profile, profileStatus, profileError, accessEnded, refreshProfile],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
