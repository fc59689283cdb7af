// Adding a passkey or security key (ADR 041): a name to tell it apart, then the browser's own
// prompt (src/lib/mfa.ts registerPasskey: enrol, navigator.credentials.create, verify). A cancelled
// prompt or a refusal leaves nothing behind and says why.
import { useRef, useState, type FormEvent } from 'react';
import { Fingerprint } from 'lucide-react';
import { MSG } from '#domain/messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { browserHasWebAuthn, MFA_TEXT, registerPasskey } from '../../../lib/mfa.ts';
import { useServerMutation } from '../../../lib/server-data/index.ts';
import { freeFactorName } from './totp-enrolment.tsx';

/** The provider's limit on friendly_name (server/auth-provider/auth.schemas.ts). */
const MAX_NAME = 100;

export function PasskeyEnrolmentPanel({ takenNames, onEnrolled, onCancel }: { takenNames: readonly string[]; onEnrolled: () => void | Promise<void>; onCancel?: () => void }) {
  const [name, setName] = useState(() => freeFactorName(takenNames, 'Passkey'));
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const register = useServerMutation(async (friendlyName: string) => {
    const result = await registerPasskey(friendlyName);
    if (result.ok) await onEnrolled();
    return result;
  });

  if (!browserHasWebAuthn()) return <Alert tone="warning">{MFA_TEXT.passkeyUnsupported}</Alert>;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const trimmed = name.trim();
    const problem = !trimmed ? MFA_TEXT.passkeyNameEmpty : takenNames.includes(trimmed) ? MFA_TEXT.passkeyNameTaken : null;
    setNameError(problem);
    if (problem) return input.current?.focus();
    const res = await register.run(trimmed);
    const result = res.ok ? res.value : { ok: false as const, code: undefined, message: res.message || MSG.requestFailed };
    if (result.ok) return;
    if (result.code === 'mfa_factor_name_conflict') {
      setNameError(result.message);
      return input.current?.focus();
    }
    setError(result.message);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="passkey-enrolment">
      <p className="text-sm text-slate-700">
        Use a passkey saved on this device or in your password manager, or a security key you plug in or tap. Your browser will ask you to confirm with your fingerprint, face,
        screen lock or a touch of the key.
      </p>
      <Field
        ref={input}
        label="Name"
        name="passkey-name"
        autoComplete="off"
        maxLength={MAX_NAME}
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        hint="So you can tell your keys apart, for example “Work laptop” or “Blue security key”."
        error={nameError}
        className="max-w-sm"
      />
      {error && (
        <Alert tone="error" title="The passkey was not added">
          {error}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={register.pending} icon={<Fingerprint aria-hidden="true" className="size-4" />}>
          Create passkey
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
