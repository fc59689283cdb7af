import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MailCheck } from 'lucide-react';
import { MSG } from '#domain/messages.ts';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { paths } from '../../config/paths.ts';
import { useServerMutation } from '../../lib/server-data/index.ts';
import { loadSupabase } from '../../lib/supabase.ts';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  // The auth provider answers with its own error value; a thrown one (unreachable) is the Result's failure.
  const request = useServerMutation(async (address: string) => {
    const { error: authError } = await (await loadSupabase()).auth.resetPasswordForEmail(address, {
      redirectTo: `${window.location.origin}${paths.resetPassword.href()}`,
    });
    return authError;
  });
  const busy = request.pending;
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.trim()) return setError(MSG.requiredFields);
    const res = await request.run(email.trim());
    if (!res.ok) return setError(MSG.requestFailed);
    const authError = res.value;
    // Rate limits and outages are worth saying; anything else stays neutral (no account probing).
    if (authError && (authError.status === 429 || authError.status === 0 || (authError.status ?? 0) >= 500)) setError(authError.message);
    else setSent(true);
  }

  const back = (
    <Link to={paths.login.href()} className="font-medium text-brand-700 hover:text-brand-800">
      Back to sign in
    </Link>
  );
  if (sent)
    return (
      <AuthLayout title="Check your email" footer={back}>
        <div className="flex items-start gap-3" role="status">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
          <p className="text-sm text-slate-700">{MSG.resetLinkSent} The link expires in one hour.</p>
        </div>
      </AuthLayout>
    );
  return (
    <AuthLayout title="Reset your password" subtitle="Enter the email you sign in with and we will send you a reset link." footer={back}>
      {error && (
        <Alert tone="error" className="mb-5">
          {error}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {busy ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
