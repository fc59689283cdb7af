// The signed-in user as the whole SPA sees it. The provider lives in src/app/session-provider.tsx.
import { createContext, useContext } from 'react';
import type { Session } from '@supabase/supabase-js';
import type { ProfileDto } from '#domain/contracts/accounts.ts';

/**
 * ready: profile loaded · missing: signed in but no profile yet (404) · error: could not load
 * (message in profileError) · mfa_required: the API wants two-step verification first (403
 * `mfa_required`: the organization requires it, or the caller is a system admin; ADR 039).
 */
export type ProfileStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error' | 'mfa_required';

export interface SessionUser {
  id: string;
  email: string;
  userMetadata: Record<string, unknown>;
}

export interface SessionState {
  session: Session | null;
  /** The signed-in user; also set offline when the stored session could not be refreshed. */
  user: SessionUser | null;
  profile: ProfileDto | null;
  profileStatus: ProfileStatus;
  profileError: string | null;
  /**
   * Set when the profile was refused because the account's access ended for good (removed, its
   * organization deleted, disabled: the server's 403 code, src/lib/http.ts authFailureOf); a retry
   * cannot succeed, so the shell says why and offers only signing out.
   */
  accessEnded: 'removed' | 'organization_deleted' | 'disabled' | null;
  /** True while the stored session is being restored. */
  loading: boolean;
  /** True once the auth client is listening and has read the stored session. */
  clientReady: boolean;
  /** True while a signup/recovery flow owns the session (public pages then do not redirect). */
  authFlowActive: boolean;
  setAuthFlowActive: (active: boolean) => void;
  /** The app's one sign-out (src/app/sign-out.ts); the page then reloads into `returnTo`, else /login. */
  signOut: (opts?: { returnTo?: string }) => Promise<void>;
  refreshProfile: () => Promise<void>;
}

export const SessionContext = createContext<SessionState | null>(null);

/**
 * Set by the SessionProvider, called by the ProfileProvider (src/app/profile-provider.tsx, in the
 * data layer) once the user's profile (fresh or saved) was shown: from then on a refusal of access
 * during this visit signs them out. Here, not in the provider's module, so the data layer's chunk
 * does not pull the provider's imports out of the first route's script.
 */
export const ProfileSeenContext = createContext<() => void>(() => undefined);

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
