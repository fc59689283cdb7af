// /account/security: the user's authenticator apps (two-step verification, ADR 039) and passkeys or
// security keys (ADR 041), built on supabase-js auth.mfa only. `required` is the mode the shell shows when the API answered
// `mfa_required` and the user has no factor yet: it explains why and offers only enrolment and
// signing out (src/app/protected-shell.tsx).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Fingerprint, KeyRound } from 'lucide-react';
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
import { currentLevel, factorKind, listFactors, MFA_TEXT, unenroll, type FactorKind } from '../../lib/mfa.ts';
import { useServerMutation, useServerQuery } from '../../lib/server-data/index.ts';
import { formatDateTime } from '../../utils/format-time.ts';
import { PasskeyEnrolmentPanel } from './components/passkey-enrolment.tsx';
import { factorLabel, SecondFactorStep } from './components/second-factor-step.tsx';
import { TotpEnrolmentPanel } from './components/totp-enrolment.tsx';
import { SessionsCard } from './components/sessions-card.tsx';

/** The user's TOTP and WebAuthn factors as the provider has them now; a failed read throws its message. */
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
  const done = async () => {
    await refreshProfile();
    navigate(returnPath(location.state), { replace: true });
  };
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
        <>
          <TotpEnrolmentPanel takenNames={(factors.data ?? []).map((f) => f.friendly_name ?? '')} onEnrolled={done} />
          <section aria-labelledby="required-passkey-title" className="mt-6 border-t border-slate-200 pt-5">
            <h2 id="required-passkey-title" className="mb-3 font-medium text-slate-900">
              Or use a passkey or security key
            </h2>
            <PasskeyEnrolmentPanel takenNames={(factors.data ?? []).map((f) => f.friendly_name ?? '')} onEnrolled={done} />
          </section>
        </>
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
  /** Which kind's add panel is open. */
  const [adding, setAdding] = useState<FactorKind | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // The Add button goes away when the panel opens: the focus moves to the panel's heading.
  const addHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (adding) addHeading.current?.focus();
  }, [adding]);
  /** A verified factor whose removal waits for a second factor (the session is aal1). */
  const [needsCodeFor, setNeedsCodeFor] = useState<Factor | null>(null);
  const list = factors.data ?? [];
  const verified = list.filter((f) => f.status === 'verified');

  const remove = useServerMutation(async (factor: Factor) => unenroll(factor.id));

  async function doRemove(factor: Factor) {
    const res = await remove.run(factor);
    const result = res.ok ? res.value : { ok: false as const, code: undefined, message: res.message || MSG.requestFailed };
    if (!result.ok) {
      if (result.code === 'insufficient_aal') return setNeedsCodeFor(factor);
      return setNotice({ tone: 'error', text: result.message });
    }
    setNeedsCodeFor(null);
    setNotice({ tone: 'success', text: factorKind(factor) === 'webauthn' ? MFA_TEXT.passkeyRemoved : MFA_TEXT.factorRemoved });
    await factors.reload();
  }

  async function askRemove(factor: Factor) {
    setNotice(null);
    const name = factorLabel(factor);
    const last = factor.status === 'verified' && verified.length === 1;
    const passkey = factorKind(factor) === 'webauthn';
    const text = passkey ? (last ? MFA_TEXT.passkeyRemoveLastConfirm(name) : MFA_TEXT.passkeyRemoveConfirm(name)) : last ? MFA_TEXT.removeLastConfirm(name) : MFA_TEXT.removeConfirm(name);
    const ok = await appConfirm(text, { title: passkey ? 'Remove passkey?' : 'Remove authenticator app?', confirmLabel: 'Remove', danger: true });
    if (!ok) return;
    // A verified factor goes only from an aal2 session: a second factor first when this one is aal1.
    if (factor.status === 'verified' && (await currentLevel()) !== 'aal2') return setNeedsCodeFor(factor);
    await doRemove(factor);
  }

  const open = (kind: FactorKind) => {
    setNotice(null);
    setAdding(kind);
  };
  const closePanel = () => {
    setAdding(null);
    void factors.reload();
  };
  const enrolled = (text: string) => async () => {
    setAdding(null);
    setNotice({ tone: 'success', text });
    await factors.reload();
  };
  const takenNames = list.map((f) => f.friendly_name ?? '');
  const section = (kind: FactorKind) => ({
    factors: list.filter((f) => factorKind(f) === kind),
    status: factors.status,
    removingId: remove.pendingFor?.id,
    onRemove: (f: Factor) => void askRemove(f),
    confirm: needsCodeFor && factorKind(needsCodeFor) === kind && (
      <section aria-labelledby="remove-code-title" className="rounded-lg border border-amber-200 bg-amber-50/60 p-4">
        <h3 id="remove-code-title" className="mb-3 font-medium text-slate-900">
          Confirm to remove “{factorLabel(needsCodeFor)}”
        </h3>
        <p className="mb-3 text-sm text-slate-700">{verified.length > 0 && verified.every((f) => factorKind(f) === 'totp') ? MFA_TEXT.needsCode : MFA_TEXT.needsFactor}</p>
        <SecondFactorStep
          factors={verified.length > 0 ? verified : [needsCodeFor]}
          autoFocus
          submitLabel="Confirm and remove"
          passkeyLabel="Confirm with passkey and remove"
          onVerified={() => doRemove(needsCodeFor)}
          extra={
            <Button variant="ghost" onClick={() => setNeedsCodeFor(null)}>
              Cancel
            </Button>
          }
        />
      </section>
    ),
  });

  return (
    <>
      <PageHeader
        title="Sign-in security"
        description="Two-step verification: after your password, a 6-digit code from an authenticator app on your phone, or a passkey or security key."
      />
      <div className="space-y-6">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <Card>
          <CardHeader
            icon={<KeyRound className="size-5" />}
            title="Authenticator apps"
            description={verified.length > 0 ? 'Signing in asks for a code from one of these apps, or one of your passkeys.' : 'Two-step verification is off: signing in needs only your password.'}
            actions={adding !== 'totp' && <Button onClick={() => open('totp')}>Add authenticator app</Button>}
          />
          <CardBody className="space-y-5">
            <FactorList kind="totp" {...section('totp')} loadError={factors.status === 'error' ? (factors.error?.message ?? MSG.requestFailed) : null} hideEmpty={adding === 'totp'} />
            {adding === 'totp' && (
              <section aria-labelledby="add-app-title" className="rounded-lg border border-slate-200 p-4">
                <h3 id="add-app-title" ref={addHeading} tabIndex={-1} className="mb-4 font-medium text-slate-900 focus:outline-none">
                  Add an authenticator app
                </h3>
                <TotpEnrolmentPanel takenNames={takenNames} onCancel={closePanel} onEnrolled={enrolled(MFA_TEXT.factorAdded)} />
              </section>
            )}
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            icon={<Fingerprint className="size-5" />}
            title="Passkeys and security keys"
            description="A passkey on this device or in your password manager, or a USB or NFC security key, instead of a code."
            actions={adding !== 'webauthn' && <Button onClick={() => open('webauthn')}>Add passkey</Button>}
          />
          <CardBody className="space-y-5">
            <FactorList kind="webauthn" {...section('webauthn')} loadError={null} hideEmpty={adding === 'webauthn'} />
            {adding === 'webauthn' && (
              <section aria-labelledby="add-passkey-title" className="rounded-lg border border-slate-200 p-4">
                <h3 id="add-passkey-title" ref={addHeading} tabIndex={-1} className="mb-4 font-medium text-slate-900 focus:outline-none">
                  Add a passkey or security key
                </h3>
                <PasskeyEnrolmentPanel takenNames={takenNames} onCancel={closePanel} onEnrolled={enrolled(MFA_TEXT.passkeyAdded)} />
              </section>
            )}
          </CardBody>
        </Card>
        <SessionsCard />
      </div>
    </>
  );
}

const LIST_TEXT = {
  totp: { label: 'Your authenticator apps', empty: 'No authenticator app yet.', loading: 'Loading your authenticator apps…' },
  webauthn: { label: 'Your passkeys and security keys', empty: 'No passkey or security key yet.', loading: 'Loading your passkeys…' },
} as const;

/** One kind's factors: name, when added, state, and Remove; the removal's confirmation below them. */
function FactorList({
  kind,
  factors,
  status,
  loadError,
  hideEmpty,
  removingId,
  onRemove,
  confirm,
}: {
  kind: FactorKind;
  factors: Factor[];
  status: 'loading' | 'ready' | 'error';
  loadError: string | null;
  hideEmpty: boolean;
  removingId: string | undefined;
  onRemove: (f: Factor) => void;
  confirm: ReactNode;
}) {
  const text = LIST_TEXT[kind];
  return (
    <>
      {status === 'loading' && <Spinner label={text.loading} />}
      {loadError && <Alert tone="error">{loadError}</Alert>}
      {status === 'ready' && factors.length === 0 && !hideEmpty && <p className="text-sm text-slate-600">{text.empty}</p>}
      {factors.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={text.label}>
          {factors.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{factorLabel(f)}</p>
                <p className="text-sm text-slate-600">Added {formatDateTime(f.created_at)}</p>
              </div>
              <div className="flex items-center gap-3">
                {f.status === 'verified' ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not finished</Badge>}
                <Button size="sm" variant="danger" aria-label={`Remove ${factorLabel(f)}`} loading={removingId === f.id} onClick={() => onRemove(f)}>
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {confirm}
    </>
  );
}
