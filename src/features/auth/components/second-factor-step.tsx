// The second step with whichever verified factor the user picks (ADR 039, ADR 041): a code from an
// authenticator app, or a passkey or security key. With more than one factor the choice comes
// first, as radio buttons named after the factors and their kinds.
import { useState, type ReactNode } from 'react';
import type { Factor } from '@supabase/supabase-js';
import { FACTOR_KIND, factorKind } from '../../../lib/mfa.ts';
import { PasskeyCheck } from './passkey-check.tsx';
import { TotpCodeForm } from './totp-code-form.tsx';

export interface SecondFactorStepProps {
  /** The user's verified factors (TOTP and WebAuthn). */
  factors: readonly Factor[];
  onVerified: () => void | Promise<void>;
  /** The code form's submit label ("Verify", "Confirm and remove"). */
  submitLabel: string;
  /** The passkey button's label, when it should say more than "Use passkey or security key". */
  passkeyLabel?: string;
  autoFocus?: boolean;
  extra?: ReactNode;
}

export const factorLabel = (f: Factor) => f.friendly_name || FACTOR_KIND[factorKind(f)].one;

export function SecondFactorStep({ factors, onVerified, submitLabel, passkeyLabel, autoFocus, extra }: SecondFactorStepProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const factor = factors.find((f) => f.id === chosen) ?? factors[0];
  if (!factor) return null;
  return (
    <>
      {factors.length > 1 && (
        <fieldset className="mb-5">
          <legend className="mb-2 text-sm font-medium text-slate-800">Verify with</legend>
          <div className="space-y-2">
            {factors.map((f) => (
              <label key={f.id} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="radio" name="factor" value={f.id} checked={f.id === factor.id} onChange={() => setChosen(f.id)} />
                <span>
                  {factorLabel(f)}
                  {/* The kind, unless the name says it already ("Authenticator app 2"). */}
                  {f.friendly_name && !f.friendly_name.toLowerCase().startsWith(FACTOR_KIND[factorKind(f)].lower) && (
                    <span className="text-slate-500"> ({FACTOR_KIND[factorKind(f)].lower})</span>
                  )}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {factorKind(factor) === 'webauthn' ? (
        <PasskeyCheck key={factor.id} factorId={factor.id} autoFocus={autoFocus} onVerified={onVerified} submitLabel={passkeyLabel} extra={extra} />
      ) : (
        <TotpCodeForm key={factor.id} factorId={factor.id} autoFocus={autoFocus} submitLabel={submitLabel} onVerified={onVerified} extra={extra} />
      )}
    </>
  );
}
