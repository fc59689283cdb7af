import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Env } from '../env.ts';
import { AuthError } from './auth.errors.ts';
import type { FactorRow } from './auth.users.ts';

/**
 * WebAuthn (passkeys, security keys) as a second factor (ADR 041): the options GoTrue's challenge
 * sends (go-webauthn BeginRegistration / BeginLogin) and the checks of its verify, done by
 * @simplewebauthn/server (signatures, challenge, origin, RP ID hash, user presence, counter). The
 * relying party is APP_URL: its host is the RP ID, its origin the only origin accepted. What the
 * client says about rpId and rpOrigins is not trusted (GoTrue reads them from its configuration too).
 */

export const RP_NAME = 'MVRSP Assess';

export function relyingParty(env: Pick<Env, 'APP_URL'>): { rpID: string; origin: string } {
  const url = new URL(env.APP_URL);
  return { rpID: url.hostname, origin: url.origin };
}

export type WebAuthnCeremony = 'create' | 'request';

/** The credential a verified WebAuthn factor holds, as @simplewebauthn/server reads it. */
function credentialOf(factor: FactorRow) {
  if (!factor.credentialId || !factor.credentialPublicKey) throw new Error(`webauthn factor ${factor.id} has no credential`);
  return {
    id: factor.credentialId,
    publicKey: new Uint8Array(Buffer.from(factor.credentialPublicKey, 'base64url')),
    counter: Number(factor.credentialSignCount ?? 0),
    transports: factor.credentialTransports ?? undefined,
  };
}

/**
 * The options of a challenge: to create a credential for an unverified factor (the user's other
 * WebAuthn credentials excluded, so one authenticator is not registered twice), or to sign with the
 * factor's own credential. GoTrue's BeginLogin allows every credential of the user; here only the
 * challenged factor's, so the factor verified is the one that signed.
 */
export async function challengeOptions(env: Env, user: { id: string; email: string }, factor: FactorRow, others: readonly FactorRow[]) {
  const { rpID } = relyingParty(env);
  if (factor.status === 'unverified') {
    const publicKey = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: user.email,
      userDisplayName: user.email,
      // The user handle: the account's id (no personal data), the same for each of its credentials.
      userID: new Uint8Array(Buffer.from(user.id.replace(/-/g, ''), 'hex')),
      attestationType: 'none',
      excludeCredentials: others.filter((f) => f.factorType === 'webauthn' && f.credentialId).map((f) => ({ id: f.credentialId!, transports: f.credentialTransports ?? undefined })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    return { type: 'create' as const, challenge: publicKey.challenge, publicKey };
  }
  const credential = credentialOf(factor);
  const publicKey = await generateAuthenticationOptions({
    rpID,
    allowCredentials: [{ id: credential.id, transports: credential.transports }],
    userVerification: 'preferred',
  });
  return { type: 'request' as const, challenge: publicKey.challenge, publicKey };
}

const refused = (reason: string) => new AuthError(422, 'mfa_verification_failed', `WebAuthn response refused: ${reason}`);

/**
 * The library's verdict; what it throws (a wrong challenge, origin, RP ID hash, signature or
 * counter) becomes a 422 with its reason's first line (it holds no secret: ids, origins, counters).
 */
async function verdict<T extends { verified: boolean }>(check: () => Promise<T>, what: string): Promise<T & { verified: true }> {
  let result: T;
  try {
    result = await check();
  } catch (error) {
    throw refused(error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : `the ${what} could not be verified`);
  }
  if (!result.verified) throw refused(`the ${what} could not be verified`);
  return result as T & { verified: true };
}

export interface RegisteredCredential {
  credentialId: string;
  credentialPublicKey: string;
  credentialSignCount: number;
  credentialTransports: string[] | null;
}

/** Verifies a registration (navigator.credentials.create) against the challenge sent: the credential to store. */
export async function verifyRegistration(env: Env, expectedChallenge: string, response: unknown): Promise<RegisteredCredential> {
  const { rpID, origin } = relyingParty(env);
  const result = await verdict(
    () => verifyRegistrationResponse({ response: response as RegistrationResponseJSON, expectedChallenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: false }),
    'registration',
  );
  const { credential } = result.registrationInfo!;
  return {
    credentialId: credential.id,
    credentialPublicKey: Buffer.from(credential.publicKey).toString('base64url'),
    credentialSignCount: credential.counter,
    credentialTransports: credential.transports?.length ? credential.transports.slice(0, 8) : null,
  };
}

/**
 * Verifies an assertion (navigator.credentials.get) by the factor's credential against the
 * challenge sent: the new signature counter. A counter that does not move forward (when the
 * authenticator keeps one) is refused: a cloned authenticator (WebAuthn Level 2 section 6.1.1).
 */
export async function verifyAssertion(env: Env, factor: FactorRow, expectedChallenge: string, response: unknown): Promise<number> {
  const { rpID, origin } = relyingParty(env);
  const credential = credentialOf(factor);
  if ((response as { id?: unknown }).id !== credential.id) throw refused('the credential is not the one of this factor');
  const result = await verdict(
    () => verifyAuthenticationResponse({ response: response as AuthenticationResponseJSON, expectedChallenge, expectedOrigin: origin, expectedRPID: rpID, credential, requireUserVerification: false }),
    'signature',
  );
  return result.authenticationInfo.newCounter;
}
