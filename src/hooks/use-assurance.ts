// Whether the signed-in session still owes its second step (ADR 039): signed in with the password
// only (aal1) while the user has a verified factor. The protected routes send such a session to
// /mfa (src/app/guards.tsx), so no program data is shown before the code.
import { useEffect, useState } from 'react';
import { storedSessionNeedsCode } from '../lib/auth-storage.ts';
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
