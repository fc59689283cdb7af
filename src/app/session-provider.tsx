import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Session } from '@supabase/supabase-js';
import type { ProfileDto } from '#domain/contracts/accounts.ts';
import { ApiError, authFailureOf, call, client, onAuthFailure } from '../lib/api-client.ts';
import { readStoredSessionUser } from '../lib/auth-storage.ts';
import { loadSupabase, onSupabaseLoaded } from '../lib/supabase.ts';
import { urlCarriesAuth } from '../lib/initial-url.ts';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { SessionContext, type ProfileStatus, type SessionState, type SessionUser } from '../hooks/use-session.ts';
import { readCachedProfile, writeCachedProfile } from './profile-cache.ts';
import {
  clearLocalData,
  endLocalSession,
  markSignOut,
  reloadToLogin,
  SESSION_END_MESSAGE,
  sendUnsentNow,
  unfinishedSignOut,
  unsentWorkOf,
  type SessionEnd,
  type UnsentWork,
} from './sign-out.ts';
import { SignOutDialog, type SignOutChoice } from './sign-out-dialog.tsx';
import { isOnline } from '../lib/online.ts';

function userOf(session: Session | null): SessionUser | null {
  if (!session) return null;
  return { id: session.user.id, email: session.user.email ?? '', userMetadata: session.user.user_metadata ?? {} };
}

/** The accounts API answers 403 profile_missing for a signed-in user who has no profile yet. */
function isMissingProfile(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === 'profile_missing';
}

function joinRequestPending(error: ApiError): boolean {
  const details = error.details;
  return typeof details === 'object' && details !== null && 'joinRequest' in details && !!details.joinRequest;
}

/** Restores the session, loads the profile and keeps both current (ADR 007). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [offlineUser, setOfflineUser] = useState<SessionUser | null>(null);
  // With no stored session and no auth link in the URL we already know: signed out.
  // A sign-out left unfinished by the previous page is finished at once (unfinishedSignOut).
  const [needsClientAtStart] = useState(() => !!readStoredSessionUser() || urlCarriesAuth() || !!unfinishedSignOut());
  const [loading, setLoading] = useState(needsClientAtStart);
  /** The auth listener is attached and the stored session has been read. */
  const [clientReady, setClientReady] = useState(false);
  const [profile, setProfile] = useState<ProfileDto | null>(null);
  const [profileStatus, setProfileStatus] = useState<ProfileStatus>('idle');
  const [profileError, setProfileError] = useState<string | null>(null);
  const [accessEnded, setAccessEnded] = useState<SessionState['accessEnded']>(null);
  const [authFlowActive, setAuthFlowActive] = useState(false);
  const loadedFor = useRef<string | null>(null);
  /** Set while this page signs out on purpose, so the SIGNED_OUT event does not clear a second time. */
  const signingOut = useRef(false);
  const currentUserId = useRef<string | null>(null);
  /** The signed-in user had a usable profile (fresh or cached) in this page: a later refusal means access ended. */
  const hadProfile = useRef(false);
  const [unsentPrompt, setUnsentPrompt] = useState<UnsentWork | null>(null);
  const [signOutBusy, setSignOutBusy] = useState(false);
  /** Set once a sign-out has started: the app is unmounted so no route redirects before the reload into /login. */
  const [ending, setEnding] = useState(false);

  const loadProfile = useCallback(async (userId: string) => {
    loadedFor.current = userId;
    const cached = readCachedProfile(userId);
    if (cached) {
      setProfile(cached);
      hadProfile.current = true;
    }
    setProfileStatus(cached ? 'ready' : 'loading');
    try {
      const fresh = await call(client.auth.profile.$get());
      if (loadedFor.current !== userId) return;
      setProfile(fresh);
      hadProfile.current = true;
      setProfileStatus('ready');
      setProfileError(null);
      setAccessEnded(null);
      writeCachedProfile(fresh);
    } catch (error) {
      if (loadedFor.current !== userId) return;
      if (isMissingProfile(error)) {
        setProfile(null);
        setProfileStatus('missing');
        // A join request waiting for approval (ADR 003): the server's message says so.
        setProfileError(error instanceof ApiError && joinRequestPending(error) ? error.message : null);
        writeCachedProfile(null);
      } else if (error instanceof ApiError && error.isNetworkError && cached) {
        setProfileStatus('ready'); // offline: keep the cached copy
      } else {
        setProfileStatus(cached ? 'ready' : 'error');
        setProfileError(error instanceof ApiError ? error.message : 'Could not load your profile');
        if (error instanceof ApiError && error.status === 403) {
          setProfile(null);
          setProfileStatus('error');
          const ended = authFailureOf(error.failure, true, false);
          setAccessEnded(ended === 'ended' ? null : ended);
        }
      }
    }
  }, []);

  const clearProfile = useCallback(() => {
    loadedFor.current = null;
    setProfile(null);
    setProfileStatus('idle');
    setProfileError(null);
    setAccessEnded(null);
  }, []);

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    const start = async () => {
      const unfinished = unfinishedSignOut();
      if (unfinished && !readStoredSessionUser()) {
        // The session did end; only the clearing may not have: finish it and carry on signed out.
        await clearLocalData({ userId: null, keepUnsent: unfinished.keepUnsent, reloading: !!unfinished.notice });
        markSignOut(null);
        // Why it ended is still told on the sign-in page.
        if (unfinished.notice) {
          signingOut.current = true;
          setEnding(true);
          await reloadToLogin(unfinished.notice);
          return;
        }
      } else if (unfinished) {
        // A sign-out this device began and never completed (the page was left mid-way): finish it.
        signingOut.current = true;
        setEnding(true);
        await clearLocalData({ userId: readStoredSessionUser()?.id ?? null, keepUnsent: unfinished.keepUnsent });
        await endLocalSession();
        markSignOut(null);
        await reloadToLogin(unfinished.notice);
        return;
      }
      const supabase = await loadSupabase();
      if (!active) return;
      const { data: sub } = supabase.auth.onAuthStateChange((event, next) => {
        setSession(next);
        if (next) setOfflineUser(null);
        if (event === 'SIGNED_OUT') {
          clearProfile();
          writeCachedProfile(null);
          // Signed out elsewhere (another tab, a revoked session): nothing of the organization
          // stays; the user's unsent rows are held for their next sign-in.
          if (!signingOut.current) void clearLocalData({ userId: currentUserId.current, keepUnsent: true, reloading: false });
        }
      });
      unsubscribe = () => sub.subscription.unsubscribe();
      const { data, error } = await supabase.auth.getSession();
      if (!active) return;
      const stored = readStoredSessionUser();
      if (!data.session && error?.name === 'AuthRetryableFetchError' && stored) {
        // Offline with an expired token: still signed in, just not verifiable right now.
        const user = { ...stored, userMetadata: {} };
        setOfflineUser(user);
        const cached = readCachedProfile(user.id);
        setProfile(cached);
        setProfileStatus(cached ? 'ready' : 'error');
        if (!cached) setProfileError('You are offline. Your profile will load when you reconnect.');
      } else {
        // A cached profile of this user means access was usable on this device before this page
        // load: known before the first API answer can arrive (see onAuthFailure below).
        if (data.session && readCachedProfile(data.session.user.id)) hadProfile.current = true;
        setSession(data.session);
      }
      setLoading(false);
      setClientReady(true);
    };
    // Signed out and no auth link in the URL: render now and load supabase-js off the critical
    // path, a little later or as soon as a page (e.g. /login) loads it.
    let started = false;
    const begin = () => {
      if (started) return;
      started = true;
      void start();
    };
    const timer = needsClientAtStart ? 0 : window.setTimeout(begin, 1500);
    const offLoaded = needsClientAtStart ? () => {} : onSupabaseLoaded(() => window.setTimeout(begin, 0));
    if (needsClientAtStart) begin();
    return () => {
      active = false;
      window.clearTimeout(timer);
      offLoaded();
      unsubscribe();
    };
  }, [clearProfile, needsClientAtStart]);

  const userId = session?.user.id ?? null;
  const anyUserId = userId ?? offlineUser?.id ?? null;
  useEffect(() => {
    if (anyUserId) currentUserId.current = anyUserId;
  }, [anyUserId]);
  useEffect(() => {
    // During signup the page itself creates the profile; loading it here would race that call.
    if (!userId || authFlowActive) return;
    // Deferred: never await auth/API calls inside the auth callback chain; supabase-js runs the
    // callback under its auth lock and awaiting another of its calls there can deadlock
    // (https://supabase.com/docs/reference/javascript/auth-onauthstatechange).
    const t = window.setTimeout(() => {
      if (loadedFor.current !== userId) void loadProfile(userId);
    }, 0);
    return () => window.clearTimeout(t);
  }, [userId, authFlowActive, loadProfile]);

  /** Clears the device (src/app/sign-out.ts), ends the local session and reloads into /login. */
  const finishSignOut = useCallback(async (keepUnsent: boolean, notice?: string) => {
    signingOut.current = true;
    setEnding(true);
    markSignOut({ keepUnsent, notice });
    await clearLocalData({ userId: currentUserId.current, keepUnsent });
    await endLocalSession();
    markSignOut(null);
    await reloadToLogin(notice);
  }, []);

  const signOut = useCallback(async () => {
    const id = currentUserId.current;
    const work = id ? await unsentWorkOf(id) : { rows: 0, files: 0 };
    if (work.rows + work.files > 0) {
      setUnsentPrompt(work);
      return;
    }
    await finishSignOut(false);
  }, [finishSignOut]);

  const chooseSignOut = useCallback(
    (choice: SignOutChoice) => {
      if (choice === 'stay') {
        setUnsentPrompt(null);
        void sendUnsentNow().catch(() => undefined);
        return;
      }
      setSignOutBusy(true);
      void finishSignOut(choice === 'keep');
    },
    [finishSignOut],
  );

  // One handler for every API call the server refused because access ended (api-client.ts).
  useEffect(() => {
    let ending = false;
    return onAuthFailure((failure: SessionEnd) => {
      if (ending || signingOut.current) return;
      // A removed member may still sign in, e.g. to accept an invitation back (invite page): only a
      // member whose access ended during this visit is signed out. A session that ended always is.
      if (failure !== 'ended' && !hadProfile.current) return;
      ending = true;
      // A removed member's rows (or those of a deleted organization) can never be sent; a merely
      // ended session keeps them for the next sign-in.
      void finishSignOut(failure !== 'removed' && failure !== 'organization_deleted', SESSION_END_MESSAGE[failure]);
    });
  }, [finishSignOut]);

  const refreshProfile = useCallback(async () => {
    const id = session?.user.id;
    if (id) await loadProfile(id);
  }, [session, loadProfile]);

  const value = useMemo<SessionState>(
    () => ({
      session,
      user: userOf(session) ?? offlineUser,
      profile,
      profileStatus,
      profileError,
      accessEnded,
      loading,
      clientReady,
      authFlowActive,
      setAuthFlowActive,
      signOut,
      refreshProfile,
    }),
    [session, offlineUser, profile, profileStatus, profileError, accessEnded, loading, clientReady, authFlowActive, signOut, refreshProfile],
  );
  return (
    <SessionContext.Provider value={value}>
      {ending ? <PageSpinner label="Signing out…" /> : children}
      <SignOutDialog work={unsentPrompt} offline={!isOnline()} busy={signOutBusy} onChoose={chooseSignOut} />
    </SessionContext.Provider>
  );
}
