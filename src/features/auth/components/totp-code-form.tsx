// The 6-digit code from an authenticator app, verified through supabase-js auth.mfa (ADR 039):
// a challenge is made when the form opens, as GoTrue expects, and the code is verified against it.
// A wrong code keeps the challenge; an expired one (after 5 minutes) is replaced at once and the
// user is asked for the current code; the rate limit shows the server's own message.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { MSG } from '#domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { challenge, MFA_TEXT, normalizeCode, verifyCode } from '../../../lib/mfa.ts';
import { useServerMutation } from '../../../lib/server-data/index.ts';

export interface TotpCodeFormProps {
  factorId: string;
  /** Called once the code was accepted (the session is aal2 now). */
  onVerified: () => void | Promise<void>;
  submitLabel: string;
  label?: string;
  hint?: ReactNode;
  autoFocus?: boolean;
  /** More buttons beside the submit button (e.g. Cancel). */
  extra?: ReactNode;
}

export function TotpCodeForm({ factorId, onVerified, submitLabel, label = 'Authentication code', hint = 'The 6 digits your authenticator app shows now.', autoFocus, extra }: TotpCodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const challengeId = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    challengeId.current = null;
    let live = true;
    void challenge(factorId).then((made) => {
      // Without a challenge now, the submit makes one (challengeAndVerify) and reports its error.
      if (live && made.ok) challengeId.current = made.value;
    });
    return () => {
      live = false;
    };
  }, [factorId]);

  const verify = useServerMutation(async (digits: string) => {
    const result = await verifyCode(factorId, challengeId.current, digits);
    if (!result.ok && result.code === 'mfa_challenge_expired') {
      // The expired challenge is gone on the server: the next try verifies against a new one.
      const fresh = await challenge(factorId);
      challengeId.current = fresh.ok ? fresh.value : null;
    }
    if (result.ok) await onVerified();
    return result;
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const digits = normalizeCode(code);
    if (!digits) {
      setError(MFA_TEXT.codeFormat);
      input.current?.focus();
      return;
    }
    setError(null);
    const res = await verify.run(digits);
    const result = res.ok ? res.value : { ok: false as const, message: res.message || MSG.requestFailed };
    if (result.ok) return;
    setError(result.message);
    setCode('');
    input.current?.focus();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        ref={input}
        label={label}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        spellCheck={false}
        required
        autoFocus={autoFocus}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        hint={hint}
        error={error}
        className="max-w-xs"
      />
      {error && (
        <p role="alert" className="sr-only">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={verify.pending}>
          {submitLabel}
        </Button>
        {extra}
      </div>
    </form>
  );
}
