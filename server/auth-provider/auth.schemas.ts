import { z } from 'zod';
import { MSG } from '#domain/messages.ts';
import { containsInvalidText, jsonDepth } from '#domain/text.ts';

const INVALID_EMAIL = 'Unable to validate email address: invalid format';

export const emailField = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .max(255, INVALID_EMAIL)
  .pipe(z.email({ error: INVALID_EMAIL }))
  .transform((e) => e.toLowerCase());

/** user_metadata limits: it is served in every user JSON (auth.users.ts), never in the access token (auth.sessions.ts). */
export const MAX_METADATA_CHARS = 16_384;
/** Levels of nesting, `data` itself included ({ "a": { "b": 1 } } is 2). */
export const MAX_METADATA_DEPTH = 8;
export const METADATA_TOO_LARGE = `data is too large (at most ${MAX_METADATA_CHARS} characters of JSON)`;
export const METADATA_TOO_DEEP = `data is nested too deeply (at most ${MAX_METADATA_DEPTH} levels)`;
const METADATA_BAD_TEXT = 'data must not contain NUL (\\u0000) characters or unpaired surrogates';

/** Why a user_metadata object (as it would be stored) is refused, or null when it is acceptable. */
export function metadataProblem(d: Record<string, unknown>): string | null {
  if (jsonDepth(d, MAX_METADATA_DEPTH + 1) > MAX_METADATA_DEPTH) return METADATA_TOO_DEEP;
  if (containsInvalidText(d, MAX_METADATA_DEPTH + 2)) return METADATA_BAD_TEXT;
  if (JSON.stringify(d).length > MAX_METADATA_CHARS) return METADATA_TOO_LARGE;
  return null;
}

/**
 * user_metadata as it is served (user JSON): stored metadata that breaks the
 * limits (written before they existed, or by hand) is dropped key by key, and wholesale when still
 * too large, so no sign-in, refresh or recovery of that user can fail on it (jose overflows its stack
 * on deep claims).
 */
export function servedMetadata(stored: unknown): Record<string, unknown> {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const record = stored as Record<string, unknown>;
  if (metadataProblem(record) === null) return record;
  const kept = Object.fromEntries(Object.entries(record).filter(([k, v]) => metadataProblem({ [k]: v }) === null));
  return metadataProblem(kept) === null ? kept : {};
}

/** user_metadata: a plain JSON object of modest size and depth. */
export const metadataField = z
  .record(z.string(), z.unknown(), { error: 'data must be a JSON object' })
  .superRefine((d, ctx) => {
    const problem = metadataProblem(d);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const signupBody = z.object({
  email: emailField,
  password: z.unknown(),
  data: metadataField.nullish().transform((d) => d ?? {}),
});

export const passwordGrantBody = z.object({
  // NUL and lone surrogates: refused by parseWith (auth.http.ts) before any lookup.
  email: z.string({ error: 'missing email or phone' }).trim().min(1, 'missing email or phone').max(255, 'Invalid login credentials'),
  password: z.string().max(1024).optional(),
});

export const refreshGrantBody = z.object({
  // Not trimmed: a refresh token is accepted only in the exact spelling it was issued (auth.refresh.ts).
  refresh_token: z
    .string({ error: 'refresh_token required' })
    .refine((t) => t.trim() !== '', 'refresh_token required')
    .pipe(z.string().max(512, 'Invalid Refresh Token')),
});

export const recoverBody = z.object({ email: emailField });

export const resendBody = z.object({
  type: z.literal('signup', { error: 'Only signup confirmations can be resent' }),
  email: emailField,
});

export const CONFIRM_NEEDS_PASSWORD = MSG.confirmNeedsPassword;

export const verifyBody = z.object({
  type: z.string({ error: 'Verify requires a verification type' }),
  /** type signup: the password chosen at sign-up (consumeConfirmation). */
  password: z.string({ error: CONFIRM_NEEDS_PASSWORD }).max(1024, 'Invalid login credentials').optional(),
  token_hash: z.string().max(512).optional(),
  token: z.string().max(512).optional(),
});

export const updateUserBody = z.object({
  password: z.unknown().optional(),
  data: metadataField.nullish(),
  email: z.string().max(255).optional(),
  current_password: z.string({ error: 'current_password must be a string' }).max(1024).optional(),
});

export const logoutScope = z.enum(['global', 'local', 'others'], { error: 'Unsupported logout scope' });

/** POST /factors (GoTrue EnrollFactorParams; `phone` is not accepted: TOTP and WebAuthn). */
export const enrollFactorBody = z.object({
  factor_type: z.string({ error: 'factor_type needs to be totp, phone, or webauthn' }).max(20),
  friendly_name: z.string().trim().max(100, 'friendly_name is too long (at most 100 characters)').optional(),
  issuer: z.string().trim().max(100, 'issuer is too long (at most 100 characters)').optional(),
});

/** A base64url field of a WebAuthn response (the whole body is already at most 64 KB). */
const b64url = (name: string) => z.string({ error: `${name} is required` }).max(16_384, `${name} is too long`).regex(/^[A-Za-z0-9_-]*={0,2}$/, `${name} must be base64url`);

/**
 * The `webauthn` of POST /factors/:id/verify as supabase-js sends it (GoTrue WebAuthnParams): the
 * credential as PublicKeyCredential.toJSON() spells it. `rpId` and `rpOrigins` are accepted and not
 * used (the relying party is APP_URL, ADR 041); fields the library does not read are dropped.
 */
const webauthnVerify = z.object({
  type: z.enum(['create', 'request'], { error: 'WebAuthn type must be create or request' }),
  rpId: z.string().max(255).optional(),
  rpOrigins: z.array(z.string().max(2048)).max(10).optional(),
  credential_response: z.object(
    {
      id: b64url('credential_response.id'),
      rawId: b64url('credential_response.rawId'),
      type: z.literal('public-key', { error: 'credential_response.type must be public-key' }),
      authenticatorAttachment: z.string().max(32).optional().nullable(),
      clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
      response: z.object(
        {
          clientDataJSON: b64url('response.clientDataJSON'),
          attestationObject: b64url('response.attestationObject').optional(),
          transports: z.array(z.string().max(32)).max(10).optional(),
          authenticatorData: b64url('response.authenticatorData').optional(),
          signature: b64url('response.signature').optional(),
          userHandle: b64url('response.userHandle').optional().nullable(),
        },
        { error: 'credential_response.response is required' },
      ),
    },
    { error: 'credential_response required' },
  ),
});

/** POST /factors/:id/verify (GoTrue VerifyFactorParams) with a TOTP code. */
export const verifyFactorBody = z.object({
  challenge_id: z.string({ error: 'challenge_id is required' }).max(64),
  code: z.string({ error: 'Code needs to be non-empty' }).trim().min(1, 'Code needs to be non-empty').max(64),
});

/** POST /factors/:id/verify with a WebAuthn credential (a body that has `webauthn`). */
export const verifyWebauthnBody = z.object({
  challenge_id: z.string({ error: 'challenge_id is required' }).max(64),
  webauthn: webauthnVerify,
});

export type WebAuthnVerifyParams = z.infer<typeof webauthnVerify>;
