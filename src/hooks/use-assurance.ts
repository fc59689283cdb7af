// Whether the signed-in session still owes its second step (ADR 039): signed in with the password
// only (aal1) while the user has a verified factor. The protected routes send such a session to
// /mfa (src/app/guards.tsx), so no program data is shown before the code.
import { useEffect, useState } from 'react';
import { AUTH_STORAGE_KEY, authStorage } from '../lib/auth-storage.ts';
import { loadSupabase } from '../lib/supabase.ts';
import { useSession } from './use-session.ts';

/** checking: supabase-js is reading the session · ok: nothing owed · needs-code: aal1 with a verified factor. */
export type Assurance = 'checking' | 'ok' | 'needs-code';

export function useAssurance(): Assurance {
  const { session, user } = useSession();
  const token = session?.access_token ?? null;
  const [known, setKnown] = useState<{ token: string; needsCode: boolean } | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    // src/lib/mfa.ts sessionNeedsCode, spelled here on the client the first route already holds, so
    // the MFA screens' module stays out of that route's script (its budget, BENCHMARKS.md §2).
    void loadSupabase()
      .then((s) => s.auth.mfa.getAuthenticatorAssuranceLevel())
      .then(({ data }) => data?.currentLevel === 'aal1' && data.nextLevel === 'aal2')
      .catch(() => false)
      .then((needsCode) => {
        if (live) setKnown({ token, needsCode });
      });
    return () => {
      live = false;
    };
  }, [token]);
  // Signed in offline (the stored session could not be refreshed): decide from the stored session.
  if (!token) return user && storedSessionNeedsCode() ? 'needs-code' : 'ok';
  // A refreshed token keeps the last answer until its own is known (no spinner over the page).
  if (!known) return 'checking';
  return known.needsCode ? 'needs-code' : 'ok';
}

/**
 * Whether the stored session is aal1 while its user has a verified factor, read without the network
 * (an offline start-up, when supabase-js cannot hand out the session). Here, not in auth-storage.ts,
 * whose module is part of the first route's script (its budget, BENCHMARKS.md §2).
 * The same reading as supabase-js `getAuthenticatorAssuranceLevel`: the token's `aal` claim and the
 * user's verified factors.
 */
function storedSessionNeedsCode(): boolean {
  const text = authStorage.getItem(AUTH_STORAGE_KEY);
  if (!text) return false;
  try {
    const s = JSON.parse(text) as { access_token?: string; user?: { factors?: { status?: string }[] } };
    const payload = s.access_token?.split('.')[1];
    if (!payload) return false;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: string };
    return claims.aal === 'aal1' && (s.user?.factors ?? []).some((f) => f.status === 'verified');
  } catch {
    return false;
  }
}
