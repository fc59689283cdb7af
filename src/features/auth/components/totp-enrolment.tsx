// Adding an authenticator app (supabase-js auth.mfa.enroll, then a verified code, ADR 039): the QR
// code to scan and the same secret as text for typing in by hand, then the app's first code.
import { useEffect, useState } from 'react';
import { MSG } from '#domain/messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { enrollTotp, groupSecret, unenroll, type TotpEnrolment } from '../../../lib/mfa.ts';
import { TotpCodeForm } from './totp-code-form.tsx';

/** What an authenticator app lists the account under (the `issuer` of the otpauth:// URI). */
export const TOTP_ISSUER = 'MVRSP Assess';
const BASE_NAME = 'Authenticator app';
const COPIED_NOTICE_MS = 3000;

/** A factor name not yet taken by the user: "Authenticator app", then "Authenticator app 2", … (or `base`, …). */
export function freeFactorName(taken: readonly string[], base = BASE_NAME): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base} ${n}`)) return `${base} ${n}`;
}

export function TotpEnrolmentPanel({ takenNames, onEnrolled, onCancel }: { takenNames: readonly string[]; onEnrolled: () => void | Promise<void>; onCancel?: () => void }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [copied, setCopied] = useState(false);
  const [name] = useState(() => freeFactorName(takenNames));

  useEffect(() => {
    let live = true;
    void enrollTotp(name, TOTP_ISSUER)
      .catch(() => ({ ok: false as const, code: undefined, message: MSG.requestFailed }))
      .then((res) => {
        if (!live) return;
        if (res.ok) setEnrolment(res.value);
        else setError(res.message);
      });
    return () => {
      live = false;
    };
  }, [name, attempt]);

  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    return () => window.clearTimeout(t);
  }, [copied]);

  if (error)
    return (
      <Alert
        tone="error"
        title="The authenticator app could not be added"
        action={
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => {
                setError(null);
                setAttempt((n) => n + 1);
              }}>
              Try again
            </Button>
            {onCancel && (
              <Button size="sm" variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </div>
        }
      >
        {error}
      </Alert>
    );
  if (!enrolment) return <Spinner label="Preparing your QR code…" />;

  const secret = enrolment.secret;
  const factorId = enrolment.factorId;
  /** Cancelled: the unverified factor goes too (no aal2 needed for it), else it lingers as "not finished". */
  const cancel = onCancel && (() => void unenroll(factorId).finally(onCancel));
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard permission: the grouped secret stays on screen to select or type.
      window.getSelection()?.selectAllChildren(document.getElementById('totp-secret')!);
    }
  }

  return (
    <div className="space-y-5" data-testid="totp-enrolment">
      <ol className="list-decimal space-y-5 pl-5 text-sm text-slate-700">
        <li>
          <p>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator, 1Password or Authy) and scan this QR code.</p>
          <img
            src={enrolment.qrCode}
            alt={`QR code to add ${TOTP_ISSUER} to an authenticator app. If you cannot scan it, type the setup key shown below into the app.`}
            width={176}
            height={176}
            className="mt-3 rounded-lg border border-slate-200 bg-white p-2"
          />
        </li>
        <li>
          <p>Cannot scan? Choose “enter a setup key” in the app and type this key (time-based, 6 digits):</p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <code id="totp-secret" data-testid="totp-secret" className="rounded-md bg-slate-100 px-3 py-2 font-mono text-base tracking-wider break-all text-slate-900">
              {groupSecret(secret)}
            </code>
            <Button size="sm" variant="secondary" onClick={() => void copy()}>
              Copy setup key
            </Button>
            <span role="status" className="text-sm text-emerald-800">
              {copied ? MSG.linkCopied : ''}
            </span>
          </div>
        </li>
        <li>
          <p className="mb-3">Enter the 6-digit code the app now shows for {TOTP_ISSUER}.</p>
          <TotpCodeForm
            factorId={enrolment.factorId}
            onVerified={onEnrolled}
            submitLabel="Verify and turn on"
            extra={
              cancel && (
                <Button variant="ghost" onClick={cancel}>
                  Cancel
                </Button>
              )
            }
          />
        </li>
      </ol>
    </div>
  );
}
