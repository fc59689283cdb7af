import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Session } from '@supabase/supabase-js';
import { onAuthFailure } from '../lib/api-client.ts';
import { readStoredSessionUser } from '../lib/auth-storage.ts';
import { loadSupabase, onSupabaseLoaded } from '../lib/supabase.ts';
import { urlCarriesAuth } from '../lib/initial-url.ts';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { ProfileSeenContext, SessionContext, type SessionState, type SessionUser } from '../hooks/use-session.ts';
import {
  clearLocalData,
  dropLegacyProfileCopy,
  endLocalSession,
  markMember,
  markSignOut,
  reloadToLogin,
  SESSION_END_MESSAGE,
  sendUnsentNow,
  unfinishedSignOut,
  unsentWorkOf,
  wasMember,
  type SessionEnd,
  type UnsentWork,
} from './sign-out.ts';
import { SignOutDialog, type SignOutChoice } from './sign-out-dialog.tsx';
import { isOnline } from '../lib/online.ts';

function userOf(session: Session | null): SessionUser | null {
  if (!session) return null;
  return { id: session.user.id, email: session.user.email ?? '', userMetadata: session.user.user_metadata ?? {} };
}

/**
 * Restores the session and keeps it current (ADR 007); signs out. The profile is a read of the data
 * layer (./profile-provider.tsx), which completes this context below the query client.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [offlineUser, setOfflineUser] = useState<SessionUser | null>(null);
  // With no stored session and no auth link in the URL we already know: signed out.
  // A sign-out left unfinished by the previous page is finished at once (unfinishedSignOut).
  const [needsClientAtStart] = useState(() => !!readStoredSessionUser() || urlCarriesAuth() || !!unfinishedSignOut());
  const [loading, setLoading] = useState(needsClientAtStart);
  /** The auth listener is attached and the stored session has been read. */
  const [clientReady, setClientReady] = useState(false);
  const [authFlowActive, setAuthFlowActive] = useState(false);
  /** Set while this page signs out on purpose, so the SIGNED_OUT event does not clear a second time. */
  const signingOut = useRef(false);
  const currentUserId = useRef<string | null>(null);
  /**
   * The signed-in user had a usable profile on this device (in this page, or marked by an earlier
   * one: wasMember): a later refusal means access ended.
   */
  const hadProfile = useRef(false);
  const profileSeen = useCallback(() => {
    hadProfile.current = true;
    if (currentUserId.current) markMember(currentUserId.current);
  }, []);
  /** Where the page reloads after a sign-out the user asked for (default /login). */
  const returnTo = useRef<string | undefined>(undefined);
  const [unsentPrompt, setUnsentPrompt] = useState<UnsentWork | null>(null);
  const [signOutBusy, setSignOutBusy] = useState(false);
  /** Set once a sign-out has started: the app is unmounted so no route redirects before the reload into /login. */
  const [ending, setEnding] = useState(false);

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    const start = async () => {
      dropLegacyProfileCopy();
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
        // Its saved profile, if any, is shown by the ProfileProvider.
        setOfflineUser({ ...stored, userMetadata: {} });
      } else {
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
  }, [needsClientAtStart]);

  const userId = session?.user.id ?? null;
  const anyUserId = userId ?? offlineUser?.id ?? null;
  useEffect(() => {
    if (anyUserId) currentUserId.current = anyUserId;
  }, [anyUserId]);
  /** Clears the device (src/app/sign-out.ts), ends the local session and reloads into /login. */
  const finishSignOut = useCallback(async (keepUnsent: boolean, notice?: string, to?: string) => {
    signingOut.current = true;
    setEnding(true);
    markSignOut({ keepUnsent, notice });
    await clearLocalData({ userId: currentUserId.current, keepUnsent });
    await endLocalSession();
    markSignOut(null);
    await reloadToLogin(notice, to);
  }, []);

  const signOut = useCallback<SessionState['signOut']>(async (opts) => {
    returnTo.current = opts?.returnTo;
    const id = currentUserId.current;
    const work = id ? await unsentWorkOf(id) : { rows: 0, files: 0 };
    if (work.rows + work.files > 0) {
      setUnsentPrompt(work);
      return;
    }
    await finishSignOut(false, undefined, returnTo.current);
  }, [finishSignOut]);

  const chooseSignOut = useCallback(
    (choice: SignOutChoice) => {
      if (choice === 'stay') {
        setUnsentPrompt(null);
        void sendUnsentNow().catch(() => undefined);
        return;
      }
      setSignOutBusy(true);
      void finishSignOut(choice === 'keep', undefined, returnTo.current);
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
      if (failure !== 'ended' && !hadProfile.current && !wasMember(currentUserId.current)) return;
      ending = true;
      // A removed member's rows (or those of a deleted organization) can never be sent; a merely
      // ended session keeps them for the next sign-in.
      void finishSignOut(failure !== 'removed' && failure !== 'organization_deleted', SESSION_END_MESSAGE[failure]);
    });
  }, [finishSignOut]);

  /** Until the ProfileProvider completes it (below the query client): no profile yet. */
  const noRefresh = useCallback(async () => undefined, []);
  const value = useMemo<SessionState>(
    () => ({
      session,
      user: userOf(session) ?? offlineUser,
      profile: null,
      profileStatus: session || offlineUser ? 'loading' : 'idle',
      profileError: null,
      accessEnded: null,
      loading,
      clientReady,
      authFlowActive,
      setAuthFlowActive,
      signOut,
      refreshProfile: noRefresh,
    }),
    [session, offlineUser, loading, clientReady, authFlowActive, signOut, noRefresh],
  );
  return (
    <SessionContext.Provider value={value}>
      <ProfileSeenContext.Provider value={profileSeen}>{ending ? <PageSpinner label="Signing out…" /> : children}</ProfileSeenContext.Provider>
      <SignOutDialog work={unsentPrompt} offline={!isOnline()} busy={signOutBusy} onChoose={chooseSignOut} />
    </SessionContext.Provider>
  );
}
