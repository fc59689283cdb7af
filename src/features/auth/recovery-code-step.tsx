// The reset-password page's step for a user with a verified factor (ADR 039), loaded with the MFA
// screens (./mfa-screens.tsx) by ./reset-password-page.tsx.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Factor } from '@supabase/supabase-js';
import { MSG } from '#domain/messages.ts';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { currentLevel, listFactors, MFA_TEXT } from '../../lib/mfa.ts';
import { useServerQuery } from '../../lib/server-data/index.ts';
import { SecondFactorStep } from './components/second-factor-step.tsx';

/**
 * A user with a verified factor: the recovery session is aal1 and the provider refuses the new
 * password (401 `insufficient_aal`) until a code from the authenticator app is verified (ADR 039,
 * GoTrue's rule), so the code comes first, then the new password.
 */
export function RecoveryWithFactor({ passwordForm }: { passwordForm: (onNeedsCode: () => void) => ReactNode }) {
  const owed = useServerQuery<Factor[]>(
    ['auth', 'recovery-factors'],
    async () => {
      if ((await currentLevel()) === 'aal2') return [];
      // Read afresh (listFactors reads the user): a factor added since the link was sent counts too.
      const res = await listFactors();
      if (!res.ok) throw new Error(res.message);
      return res.value.filter((f) => f.status === 'verified');
    },
    { offline: false },
  );
  const [verified, setVerified] = useState(false);
  const [refused, setRefused] = useState(false);
  if (owed.status === 'loading')
    return (
      <AuthLayout title="Choose a new password">
        <Spinner label="Checking your reset link…" />
      </AuthLayout>
    );
  const factor = owed.data?.[0];
  if (owed.status === 'ready' && (verified || (!factor && !refused))) return passwordForm(() => setRefused(true));
  // The read failed, or the provider asked for a code while no verified factor could be read.
  const problem = owed.status === 'error' ? (owed.error?.message ?? MSG.requestFailed) : !factor ? MFA_TEXT.needsCode : null;
  const backToSignIn = (
    <Link to={paths.login.href()} className="font-medium text-brand-700 hover:text-brand-800">
      Back to sign in
    </Link>
  );
  return (
    <AuthLayout title="Two-step verification" subtitle={owed.data?.every((f) => f.factor_type === 'totp') ? MFA_TEXT.resetNeedsCode : MFA_TEXT.resetNeedsFactor} footer={backToSignIn}>
      {problem || !factor ? <Alert tone="error">{problem}</Alert> : <SecondFactorStep factors={owed.data ?? []} autoFocus submitLabel="Verify" onVerified={() => setVerified(true)} />}
    </AuthLayout>
  );
}
