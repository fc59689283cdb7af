// Two-step verification (TOTP, ADR 039; passkeys and security keys, ADR 041) on supabase-js's own
// `auth.mfa` API only, so the same
// calls work against the embedded provider and hosted Supabase. Each helper returns the provider's
// answer or a message for the screen, decided by the error's `code` (GoTrue's error codes), never
// by its text; only the rate limit's text is the server's own (it says how long to wait).
import type { AuthError, Factor } from '@supabase/supabase-js';
import { MSG } from '#domain/messages.ts';
import { loadSupabase } from './supabase.ts';

/**
 * The two-step verification screens' texts (MFA_MSG.mfaRequired, which the API sends too, is in
 * domain/messages.ts). Here, in the screens' own module, so the first route's script does not carry them.
 */
export const MFA_TEXT = {
  codeWrong: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  codeFormat: 'Enter the 6 digits your authenticator app shows.',
  challengeExpired: 'This verification expired after 5 minutes. Enter the code your authenticator app shows now.',
  needsCode: 'Enter a code from your authenticator app first.',
  factorAdded: 'Authenticator app added. You will be asked for a code each time you sign in.',
  factorRemoved: 'Authenticator app removed.',
  removeConfirm: (name: string) => `Remove "${name}"? Signing in will no longer ask for a code from it.`,
  removeLastConfirm: (name: string) => `Remove "${name}"? It is your only authenticator app: signing in will need only your password.`,
  resetNeedsCode: 'Your account uses two-step verification. Enter the code from your authenticator app before you choose a new password.',
  resetNeedsFactor: 'Your account uses two-step verification. Verify with your authenticator app or passkey before you choose a new password.',
  needsFactor: 'Verify with one of your second factors first.',
  passkeyRemoveConfirm: (name: string) => `Remove "${name}"? Signing in will no longer accept it.`,
  passkeyRemoveLastConfirm: (name: string) => `Remove "${name}"? It is your only second factor: signing in will need only your password.`,
  passkeyAdded: 'Passkey added. Signing in will ask for it, or for another of your second factors.',
  passkeyRemoved: 'Passkey removed.',
  passkeyCancelled: 'The passkey request was cancelled or timed out. Nothing was changed: try again when you are ready.',
  passkeyUnsupported: 'This browser cannot use passkeys or security keys. Use an authenticator app, or another browser.',
  passkeyRefused: 'Your passkey or security key was not accepted. Try again, or use another of your second factors.',
  passkeyDuplicate: 'This passkey or security key is already added to your account.',
  passkeyWrongAddress: 'The browser refused the passkey for this address. Open MVRSP Assess at its usual address and try again.',
  passkeyNameTaken: 'You already have a second factor with this name. Choose another name.',
  passkeyNameEmpty: 'Enter a name for this passkey.',
} as const;

/** What the screens call each kind of factor. */
export const FACTOR_KIND = {
  totp: { one: 'Authenticator app', lower: 'authenticator app' },
  webauthn: { one: 'Passkey or security key', lower: 'passkey or security key' },
} as const;

export type FactorKind = keyof typeof FACTOR_KIND;
export const factorKind = (factor: Pick<Factor, 'factor_type'>): FactorKind => (factor.factor_type === 'webauthn' ? 'webauthn' : 'totp');

/** What the page shows for a failed auth.mfa call (`kind`: the factor's, for a refused proof). */
export function mfaErrorMessage(error: Pick<AuthError, 'message' | 'status'> & { code?: string | undefined }, kind: FactorKind = 'totp'): string {
  switch (error.code) {
    case 'mfa_verification_failed':
      return kind === 'webauthn' ? MFA_TEXT.passkeyRefused : MFA_TEXT.codeWrong;
    case 'mfa_challenge_expired':
      return MFA_TEXT.challengeExpired;
    case 'insufficient_aal':
      return MFA_TEXT.needsCode;
    case 'over_request_rate_limit':
      return error.message || MSG.requestFailed;
  }
  if (error.status === 429) return error.message || MSG.requestFailed;
  // AuthRetryableFetchError: no answer (offline, a dropped connection).
  if (!error.status) return MSG.requestFailed;
  return error.message || MSG.requestFailed;
}

/** A failed call: the provider's error code (if any) and the screen's message. */
export interface MfaFailure {
  code: string | undefined;
  message: string;
}

const failure = (error: AuthError, kind: FactorKind = 'totp'): MfaFailure => ({ code: error.code, message: mfaErrorMessage(error, kind) });

export type MfaResult<T> = { ok: true; value: T } | ({ ok: false } & MfaFailure);

/** Six digits, spaces and dashes as typed or pasted removed; null when it is not a code. */
export function normalizeCode(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The secret in groups of four characters, as authenticator apps accept it typed by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Whether the session must still show a code: signed in at aal1 with a verified factor
 * (`getAuthenticatorAssuranceLevel`: currentLevel aal1, nextLevel aal2). Read from the session
 * supabase-js holds, without the network.
 */
export async function sessionNeedsCode(): Promise<boolean> {
  const { data } = await (await loadSupabase()).auth.mfa.getAuthenticatorAssuranceLevel();
  return data?.currentLevel === 'aal1' && data.nextLevel === 'aal2';
}

/** The current assurance level of the session (null without one). */
export async function currentLevel(): Promise<'aal1' | 'aal2' | null> {
  const { data } = await (await loadSupabase()).auth.mfa.getAuthenticatorAssuranceLevel();
  return (data?.currentLevel as 'aal1' | 'aal2' | null | undefined) ?? null;
}

/** The user's TOTP and WebAuthn factors as the provider has them now (`listFactors` reads the user afresh). */
export async function listFactors(): Promise<MfaResult<Factor[]>> {
  const { data, error } = await (await loadSupabase()).auth.mfa.listFactors();
  if (error) return { ok: false, ...failure(error) };
  return { ok: true, value: data.all.filter((f) => f.factor_type === 'totp' || f.factor_type === 'webauthn') };
}

export interface TotpEnrolment {
  factorId: string;
  /** The otpauth:// URI as a QR code, a data URI an <img> shows. */
  qrCode: string;
  /** The base32 secret, for typing into an app by hand. */
  secret: string;
  uri: string;
}

/**
 * Starts a TOTP enrolment named `friendlyName`. Enrolments left unverified by the user are removed
 * first (a name must be unique, and the provider keeps an unverified one for 5 minutes).
 */
export async function enrollTotp(friendlyName: string, issuer: string): Promise<MfaResult<TotpEnrolment>> {
  const supabase = await loadSupabase();
  const listed = await supabase.auth.mfa.listFactors();
  if (listed.error) return { ok: false, ...failure(listed.error) };
  for (const stale of listed.data.all.filter((f) => f.factor_type === 'totp' && f.status === 'unverified')) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId: stale.id });
    if (error) return { ok: false, ...failure(error) };
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName, issuer });
  if (error) return { ok: false, ...failure(error) };
  if (data.type !== 'totp') return { ok: false, code: undefined, message: MSG.requestFailed };
  return { ok: true, value: { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri } };
}

/** A challenge for the factor (valid 5 minutes): the code is then verified against it. */
export async function challenge(factorId: string): Promise<MfaResult<string>> {
  const { data, error } = await (await loadSupabase()).auth.mfa.challenge({ factorId });
  if (error) return { ok: false, ...failure(error) };
  return { ok: true, value: data.id };
}

/**
 * Verifies `code` against the challenge (a new one when `challengeId` is null). On success the
 * session is aal2 (supabase-js stores the new one). An expired challenge answers
 * `mfa_challenge_expired`: the caller asks for a new challenge and the code again.
 */
export async function verifyCode(factorId: string, challengeId: string | null, code: string): Promise<MfaResult<null>> {
  const supabase = await loadSupabase();
  const { error } = challengeId ? await supabase.auth.mfa.verify({ factorId, challengeId, code }) : await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) return { ok: false, ...failure(error) };
  return { ok: true, value: null };
}

/**
 * Removes a factor, then refreshes the session: the provider drops sessions verified with it to
 * aal1 and the stored user's factors must no longer list it.
 */
export async function unenroll(factorId: string): Promise<MfaResult<null>> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) return { ok: false, ...failure(error) };
  await supabase.auth.refreshSession();
  return { ok: true, value: null };
}

/** Whether this browser has the WebAuthn API at all (supabase-js's browserSupportsWebAuthn). */
export const browserHasWebAuthn = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && !!navigator.credentials;

/**
 * The message for a passkey ceremony the browser refused: the DOMException's name says why
 * (NotAllowedError when the user cancels or the prompt times out, InvalidStateError for a key
 * registered already, SecurityError for an address the relying party does not cover).
 */
export function browserRefusal(error: unknown): MfaFailure {
  const name = error instanceof Error ? error.name : '';
  const message =
    name === 'NotAllowedError' || name === 'AbortError'
      ? MFA_TEXT.passkeyCancelled
      : name === 'InvalidStateError'
        ? MFA_TEXT.passkeyDuplicate
        : name === 'SecurityError'
          ? MFA_TEXT.passkeyWrongAddress
          : name === 'NotSupportedError'
            ? MFA_TEXT.passkeyUnsupported
            : MFA_TEXT.passkeyRefused;
  return { code: name || undefined, message };
}

/** The message for the provider's refusal of a passkey step. */
function providerRefusal(error: AuthError): MfaFailure {
  if (error.code === 'mfa_factor_name_conflict') return { code: error.code, message: MFA_TEXT.passkeyNameTaken };
  return failure(error, 'webauthn');
}

/**
 * One WebAuthn ceremony for `factorId` on supabase-js's auth.mfa: the challenge (creation options
 * for an unverified factor, request options for a verified one), the browser's
 * navigator.credentials, and the verify, which makes the session aal2. The browser is called here
 * rather than through auth.mfa.webauthn, whose defaults ask for a cross-platform security key only
 * (`authenticatorAttachment: 'cross-platform'`) and would leave out passkeys on the device.
 */
async function passkeyCeremony(factorId: string): Promise<MfaResult<null>> {
  if (!browserHasWebAuthn()) return { ok: false, code: undefined, message: MFA_TEXT.passkeyUnsupported };
  const supabase = await loadSupabase();
  // The provider takes its relying party from APP_URL (ADR 041); these say where the page is.
  const rp = { rpId: window.location.hostname, rpOrigins: [window.location.origin] };
  const made = await supabase.auth.mfa.challenge({ factorId, webauthn: rp });
  if (made.error) return { ok: false, ...providerRefusal(made.error) };
  if (made.data.type !== 'webauthn') return { ok: false, code: undefined, message: MSG.requestFailed };
  const { webauthn } = made.data;
  let credential: Credential | null;
  try {
    credential =
      webauthn.type === 'create'
        ? await navigator.credentials.create({ publicKey: webauthn.credential_options.publicKey as PublicKeyCredentialCreationOptions })
        : await navigator.credentials.get({ publicKey: webauthn.credential_options.publicKey as PublicKeyCredentialRequestOptions });
  } catch (error) {
    return { ok: false, ...browserRefusal(error) };
  }
  if (!credential) return { ok: false, code: undefined, message: MFA_TEXT.passkeyCancelled };
  const { error } = await supabase.auth.mfa.verify({
    factorId,
    challengeId: made.data.id,
    webauthn: { ...rp, type: webauthn.type, credential_response: credential as never },
  });
  if (error) return { ok: false, ...providerRefusal(error) };
  return { ok: true, value: null };
}

/**
 * Adds a passkey or security key named `friendlyName`: enrol, then one ceremony that creates the
 * credential and verifies it. Not auth.mfa.webauthn.register: when its enrolment fails it unenrols
 * a *verified* factor of the same name. Unverified passkey enrolments left behind are removed
 * first, as for authenticator apps; a ceremony that fails removes its own.
 */
export async function registerPasskey(friendlyName: string): Promise<MfaResult<null>> {
  if (!browserHasWebAuthn()) return { ok: false, code: undefined, message: MFA_TEXT.passkeyUnsupported };
  const supabase = await loadSupabase();
  const listed = await supabase.auth.mfa.listFactors();
  if (listed.error) return { ok: false, ...failure(listed.error) };
  for (const stale of listed.data.all.filter((f) => f.factor_type === 'webauthn' && f.status === 'unverified')) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId: stale.id });
    if (error) return { ok: false, ...failure(error) };
  }
  const enrolled = await supabase.auth.mfa.enroll({ factorType: 'webauthn', friendlyName });
  if (enrolled.error) return { ok: false, ...providerRefusal(enrolled.error) };
  const result = await passkeyCeremony(enrolled.data.id);
  if (!result.ok) await supabase.auth.mfa.unenroll({ factorId: enrolled.data.id });
  return result;
}

/** Verifies with the passkey of `factorId` (a verified factor): the session is aal2 after. */
export const verifyPasskey = (factorId: string) => passkeyCeremony(factorId);
