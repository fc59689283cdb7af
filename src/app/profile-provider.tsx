// The signed-in user's profile (GET /api/auth/profile) as a read of the data layer (ADR 032): the
// per-user query cache saves it to IndexedDB for offline use, so a signed-in user who opens the app
// offline still sees their name and organization (nothing of it is kept in localStorage). It
// completes the session the SessionProvider (./session-provider.tsx) gives the app: the pages read
// `profile`, `profileStatus`, `profileError`, `accessEnded` and `refreshProfile` through useSession.
import { useIsRestoring } from '@tanstack/react-query';
import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ProfileDto } from '#domain/contracts/accounts.ts';
import { ProfileSeenContext, SessionContext, useSession, type ProfileStatus, type SessionState } from '../hooks/use-session.ts';
import { abortable, authFailureOf, call, client } from '../lib/api-client.ts';
import { isMfaRequired, onMfaRequired } from '../lib/mfa-required.ts';
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
  // Two-step verification first (ADR 039): the shell shows the verify or the enrol screen.
  if (isMfaRequired(failure)) return { profileStatus: 'mfa_required', profileError: failure.message, accessEnded: null };
  const ended = failure.status === 403 ? authFailureOf(failure, true, false) : null;
  return { profileStatus: 'error', profileError: failure.message || 'Could not load your profile', accessEnded: ended === 'ended' ? null : ended };
}

/** What the profile read reports to the provider, for one user. */
interface ProfileRead {
  userId: string;
  profile: ProfileDto | null;
  error: Failure | null;
  fetching: boolean;
  reload: () => Promise<void>;
}

/**
 * The read itself, mounted per user (keyed by the user's id below). TanStack's useQuery stays bound
 * to the query client it first saw, and the ServerDataProvider gives each user a new client without
 * remounting the tree (./server-data-provider.tsx): a read mounted before sign-in would go on
 * reading the signed-out client, which is never saved, so the profile would not be there offline.
 */
function ProfileReader({ userId, enabled, onRead }: { userId: string; enabled: boolean; onRead: (read: ProfileRead) => void }) {
  const read = useServerQuery<ProfileDto>(profileKey(userId), (signal) => call(client.auth.profile.$get({}, abortable(signal))), { offline: true, enabled });
  const { data, error, fetching, reload } = read;
  useEffect(() => {
    onRead({ userId, profile: data, error, fetching, reload });
    // The failure is a new object on every render; its fields say whether it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onRead, userId, data, error?.code, error?.status, error?.message, fetching, reload]);
  return null;
}

export function ProfileProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const { user, authFlowActive } = session;
  const seen = useContext(ProfileSeenContext);
  const restoring = useIsRestoring();
  // Signed in but the stored session could not be refreshed (offline): a read could only fail.
  const verifiable = session.session !== null;
  const [reported, setReported] = useState<ProfileRead | null>(null);
  const read = user && reported?.userId === user.id ? reported : null;
  const profile = read?.profile ?? null;
  const reload = read?.reload;

  let state: ProfileState = { profileStatus: 'loading', profileError: null, accessEnded: null };
  if (!user) state = { ...state, profileStatus: 'idle' };
  else if (profile) state = { ...state, profileStatus: 'ready' };
  else if (restoring) state = { ...state, profileStatus: 'loading' };
  else if (read?.error) state = failedState(read.error);
  else if (!verifiable) state = { ...state, profileStatus: 'error', profileError: OFFLINE_NO_COPY };
  else if (authFlowActive && !read?.fetching) state = { ...state, profileStatus: 'idle' };
  const { profileStatus, profileError, accessEnded } = state;

  // A usable profile (fresh or saved) in this page: a later refusal of access signs the user out.
  useEffect(() => {
    if (profile) seen();
  }, [profile, seen]);

  const refreshProfile = useMemo(() => (verifiable && reload ? reload : async () => undefined), [verifiable, reload]);
  // Any API call refused with mfa_required (e.g. the organization turned the policy on during this
  // visit): the profile is read again, and its refusal switches the shell to the second step.
  // Only a loaded profile is read again: the profile's own refusal reports here too.
  const reloadable = profileStatus === 'ready' && !read?.fetching;
  useEffect(() => (reloadable ? onMfaRequired(() => void refreshProfile()) : undefined), [reloadable, refreshProfile]);
  const value = useMemo<SessionState>(
    () => ({ ...session, profile, profileStatus: profileStatus as ProfileStatus, profileError, accessEnded, refreshProfile }),
    [session, profile, profileStatus, profileError, accessEnded, refreshProfile],
  );
  return (
    <>
      {/* During sign-up the page itself creates the profile; reading it here would race that call. */}
      {user && <ProfileReader key={user.id} userId={user.id} enabled={verifiable && !authFlowActive} onRead={setReported} />}
      <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
    </>
  );
}
