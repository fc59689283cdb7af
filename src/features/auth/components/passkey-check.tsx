// Verifying with a passkey or security key (supabase-js auth.mfa.webauthn.authenticate, ADR 041):
// one button starts the browser's prompt; a cancelled prompt, a key the browser or the provider
// refuses, or a browser without WebAuthn is said in words, and the button is there to try again.
import { useRef, useState, type ReactNode } from 'react';
import { Fingerprint } from 'lucide-react';
import { MSG } from '#domain/messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { verifyPasskey } from '../../../lib/mfa.ts';
import { useServerMutation } from '../../../lib/server-data/index.ts';

export interface PasskeyCheckProps {
  factorId: string;
  /** Called once the passkey was accepted (the session is aal2 now). */
  onVerified: () => void | Promise<void>;
  submitLabel?: string;
  autoFocus?: boolean;
  /** More buttons beside the main one (e.g. Cancel). */
  extra?: ReactNode;
}

export function PasskeyCheck({ factorId, onVerified, submitLabel = 'Use passkey or security key', autoFocus, extra }: PasskeyCheckProps) {
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const verify = useServerMutation(async () => {
    const result = await verifyPasskey(factorId);
    if (result.ok) await onVerified();
    return result;
  });

  async function start() {
    setError(null);
    const res = await verify.run(undefined);
    const result = res.ok ? res.value : { ok: false as const, message: res.message || MSG.requestFailed };
    if (result.ok) return;
    setError(result.message);
    button.current?.focus();
  }

  return (
    <div className="space-y-4" data-testid="passkey-check">
      <p className="text-sm text-slate-700">Your browser will ask for your passkey or security key: touch the key, or confirm with your fingerprint, face or screen lock.</p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button ref={button} autoFocus={autoFocus} loading={verify.pending} icon={<Fingerprint aria-hidden="true" className="size-4" />} onClick={() => void start()}>
          {submitLabel}
        </Button>
        {extra}
      </div>
    </div>
  );
}
