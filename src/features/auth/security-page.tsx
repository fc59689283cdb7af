// /account/security: the user's authenticator apps (two-step verification, ADR 039), built on
// supabase-js auth.mfa only. `required` is the mode the shell shows when the API answered
// `mfa_required` and the user has no factor yet: it explains why and offers only enrolment and
// signing out (src/app/protected-shell.tsx).
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { KeyRound } from 'lucide-react';
import type { Factor } from '@supabase/supabase-js';
import { MSG } from '#domain/messages.ts';
import { MFA_MSG } from '#domain/mfa-messages.ts';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { PageHeader } from '../../components/layouts/app-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../hooks/use-session.ts';
import { appConfirm } from '../../lib/app-dialogs.ts';
import { currentLevel, listFactors, MFA_TEXT, unenroll } from '../../lib/mfa.ts';
import { useServerMutation, useServerQuery } from '../../lib/server-data/index.ts';
import { formatDateTime } from '../../utils/format-time.ts';
import { TotpCodeForm } from './components/totp-code-form.tsx';
import { TotpEnrolmentPanel } from './components/totp-enrolment.tsx';
import { SessionsCard } from './components/sessions-card.tsx';

/** The user's TOTP factors as the provider has them now; a failed read throws its message. */
function useFactors() {
  const { user } = useSession();
  return useServerQuery<Factor[]>(
    user ? ['auth', 'factors', user.id] : null,
    async () => {
      const res = await listFactors();
      if (!res.ok) throw new Error(res.message);
      return res.value;
    },
    { offline: false },
  );
}

/** Where the page was headed before the shell sent it here (a same-origin path), else the dashboard. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && /^\/(?![/\\])/.test(from) && from !== paths.accountSecurity.href() ? from : paths.dashboard.href();
}

export function SecurityPage({ required = false }: { required?: boolean }) {
  return required ? <RequiredEnrolment /> : <SecuritySettings />;
}

/** The organization requires a second factor and the user has none: enrol, or sign out. */
function RequiredEnrolment() {
  const { signOut, refreshProfile } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const factors = useFactors();
  const verified = factors.data?.filter((f) => f.status === 'verified') ?? [];
  const [level, setLevel] = useState<'aal1' | 'aal2' | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void currentLevel().then((l) => live && setLevel(l));
    return () => {
      live = false;
    };
  }, [factors.data]);
  // A factor added on another device: the code for it, not another enrolment.
  if (verified.length > 0 && level === 'aal1') return <Navigate to={paths.mfa.href()} replace state={{ from: returnPath(location.state) }} />;
  // Verified already and still refused: say so, with Retry and Sign out (never a redirect loop).
  if (verified.length > 0 && level === 'aal2')
    return (
      <AuthLayout title="Two-step verification" footer={<SignOutLink onSignOut={() => void signOut()} />}>
        <Alert
          tone="error"
          title="We could not load your account"
          action={
            <Button size="sm" variant="secondary" onClick={() => void refreshProfile()}>
              Retry
            </Button>
          }
        >
          {MFA_MSG.mfaRequired}
        </Alert>
      </AuthLayout>
    );
  return (
    <AuthLayout title="Set up two-step verification" wide footer={<SignOutLink onSignOut={() => void signOut()} />}>
      <Alert tone="info" className="mb-5">
        {MFA_MSG.mfaRequired}
      </Alert>
      {factors.status === 'loading' ? (
        <Spinner label="Loading…" />
      ) : (
        <TotpEnrolmentPanel
          takenNames={(factors.data ?? []).map((f) => f.friendly_name ?? '')}
          onEnrolled={async () => {
            await refreshProfile();
            navigate(returnPath(location.state), { replace: true });
          }}
        />
      )}
    </AuthLayout>
  );
}

function SignOutLink({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Button variant="ghost" onClick={onSignOut}>
      Sign out
    </Button>
  );
}

type Notice = { tone: 'success' | 'error'; text: string } | null;

function SecuritySettings() {
  const factors = useFactors();
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // The Add button goes away when the panel opens: the focus moves to the panel's heading.
  const addHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (adding) addHeading.current?.focus();
  }, [adding]);
  /** A verified factor whose removal waits for a code (the session is aal1). */
  const [needsCodeFor, setNeedsCodeFor] = useState<Factor | null>(null);
  const list = factors.data ?? [];
  const verifiedCount = list.filter((f) => f.status === 'verified').length;

  const remove = useServerMutation(async (factor: Factor) => unenroll(factor.id));

  async function doRemove(factor: Factor) {
    const res = await remove.run(factor);
    const result = res.ok ? res.value : { ok: false as const, code: undefined, message: res.message || MSG.requestFailed };
    if (!result.ok) {
      if (result.code === 'insufficient_aal') return setNeedsCodeFor(factor);
      return setNotice({ tone: 'error', text: result.message });
    }
    setNeedsCodeFor(null);
    setNotice({ tone: 'success', text: MFA_TEXT.factorRemoved });
    await factors.reload();
  }

  async function askRemove(factor: Factor) {
    setNotice(null);
    const name = factor.friendly_name || 'Authenticator app';
    const last = factor.status === 'verified' && verifiedCount === 1;
    const ok = await appConfirm(last ? MFA_TEXT.removeLastConfirm(name) : MFA_TEXT.removeConfirm(name), { title: 'Remove authenticator app?', confirmLabel: 'Remove', danger: true });
    if (!ok) return;
    // A verified factor goes only from an aal2 session: a code first when this one is aal1.
    if (factor.status === 'verified' && (await currentLevel()) !== 'aal2') return setNeedsCodeFor(factor);
    await doRemove(factor);
  }

  return (
    <>
      <PageHeader title="Sign-in security" description="Two-step verification: after your password, a 6-digit code from an authenticator app on your phone." />
      <div className="space-y-6">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <Card>
          <CardHeader
            icon={<KeyRound className="size-5" />}
            title="Authenticator apps"
            description={verifiedCount > 0 ? 'Signing in asks for a code from one of these apps.' : 'Two-step verification is off: signing in needs only your password.'}
            actions={
              !adding && (
                <Button
                  onClick={() => {
                    setNotice(null);
                    setAdding(true);
                  }}
                >
                  Add authenticator app
                </Button>
              )
            }
          />
          <CardBody className="space-y-5">
            {factors.status === 'loading' && <Spinner label="Loading your authenticator apps…" />}
            {factors.status === 'error' && <Alert tone="error">{factors.error?.message ?? MSG.requestFailed}</Alert>}
            {factors.status === 'ready' && list.length === 0 && !adding && <p className="text-sm text-slate-600">No authenticator app yet.</p>}
            {list.length > 0 && (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Your authenticator apps">
                {list.map((f) => (
                  <li key={f.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{f.friendly_name || 'Authenticator app'}</p>
                      <p className="text-sm text-slate-600">Added {formatDateTime(f.created_at)}</p>
                    </div>
                    <div className="flex items-center gap-3">
                      {f.status === 'verified' ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not finished</Badge>}
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={`Remove ${f.friendly_name || 'Authenticator app'}`}
                        loading={remove.pendingFor?.id === f.id}
                        onClick={() => void askRemove(f)}
                      >
                        Remove
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {needsCodeFor && (
              <section aria-labelledby="remove-code-title" className="rounded-lg border border-amber-200 bg-amber-50/60 p-4">
                <h3 id="remove-code-title" className="mb-3 font-medium text-slate-900">
                  Confirm with a code to remove “{needsCodeFor.friendly_name || 'Authenticator app'}”
                </h3>
                <p className="mb-3 text-sm text-slate-700">{MFA_TEXT.needsCode}</p>
                <TotpCodeForm
                  factorId={list.find((f) => f.status === 'verified')?.id ?? needsCodeFor.id}
                  autoFocus
                  submitLabel="Confirm and remove"
                  onVerified={() => doRemove(needsCodeFor)}
                  extra={
                    <Button variant="ghost" onClick={() => setNeedsCodeFor(null)}>
                      Cancel
                    </Button>
                  }
                />
              </section>
            )}
            {adding && (
              <section aria-labelledby="add-app-title" className="rounded-lg border border-slate-200 p-4">
                <h3 id="add-app-title" ref={addHeading} tabIndex={-1} className="mb-4 font-medium text-slate-900 focus:outline-none">
                  Add an authenticator app
                </h3>
                <TotpEnrolmentPanel
                  takenNames={list.map((f) => f.friendly_name ?? '')}
                  onCancel={() => {
                    setAdding(false);
                    void factors.reload();
                  }}
                  onEnrolled={async () => {
                    setAdding(false);
                    setNotice({ tone: 'success', text: MFA_TEXT.factorAdded });
                    await factors.reload();
                  }}
                />
              </section>
            )}
          </CardBody>
        </Card>
        <SessionsCard />
      </div>
    </>
  );
}
