// "Sign in with single sign-on" on the login page (ADR 043): the work e-mail (or just its domain)
// picks the organization's identity provider through supabase-js signInWithSSO, which sends the
// browser there; the provider comes back to /login with the session (or an error) in the fragment,
// which supabase-js reads and the login page shows (initialAuthError).
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { paths } from '../../config/paths.ts';
import { loadSupabase } from '../../lib/supabase.ts';

export const SSO_WORDS = {
  open: 'Sign in with single sign-on',
  field: 'Work e-mail or domain',
  hint: 'For example you@university.edu or university.edu',
  go: 'Continue to your organization',
  going: 'Opening your organization’s sign-in…',
  empty: 'Enter your work e-mail address or your organization’s domain.',
  notFound: 'No single sign-on is set up for this domain yet. Sign in with your password, or ask your organization’s administrator.',
  failed: 'Single sign-on could not be started. Please try again.',
} as const;

/** The domain of an e-mail address, or the text itself when it is already a domain. */
export const ssoDomainOf = (text: string) => text.trim().toLowerCase().replace(/^.*@/, '');

export function SsoSignIn({ initialEmail, open: startOpen = false }: { initialEmail: string; open?: boolean }) {
  const [open, setOpen] = useState(startOpen);
  const [value, setValue] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const domain = ssoDomainOf(value);
    if (!domain) {
      setError(SSO_WORDS.empty);
      return;
    }
    setBusy(true);
    try {
      const supabase = await loadSupabase();
      const { error: ssoError } = await supabase.auth.signInWithSSO({ domain, options: { redirectTo: `${window.location.origin}${paths.login.href()}` } });
      if (ssoError) {
        setBusy(false);
        setError(ssoError.code === 'sso_provider_not_found' ? SSO_WORDS.notFound : ssoError.message || SSO_WORDS.failed);
      }
      // Otherwise supabase-js is taking the browser to the identity provider: stay busy.
    } catch {
      setBusy(false);
      setError(SSO_WORDS.failed);
    }
  }

  if (!open) {
    return (
      <Button variant="secondary" size="lg" className="w-full" onClick={() => setOpen(true)}>
        {SSO_WORDS.open}
      </Button>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={SSO_WORDS.open}>
      {error && <Alert tone="error">{error}</Alert>}
      <Field label={SSO_WORDS.field} hint={SSO_WORDS.hint} name="sso-domain" autoComplete="email" autoFocus value={value} onChange={(e) => setValue(e.target.value)} />
      <Button type="submit" variant="secondary" size="lg" className="w-full" loading={busy}>
        {busy ? SSO_WORDS.going : SSO_WORDS.go}
      </Button>
    </form>
  );
}
