import { z } from 'zod';
import { containsNul } from '../lib/validator.ts';

const INVALID_EMAIL = 'Unable to validate email address: invalid format';

export const emailField = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .max(255, INVALID_EMAIL)
  .pipe(z.email({ error: INVALID_EMAIL }))
  .transform((e) => e.toLowerCase());

/** user_metadata: a plain JSON object of modest size. */
export const metadataField = z
  .record(z.string(), z.unknown(), { error: 'data must be a JSON object' })
  .refine((d) => JSON.stringify(d).length <= 16_384, 'data is too large')
  .refine((d) => !containsNul(d), 'data must not contain NUL (\\u0000) characters');

export const signupBody = z.object({
  email: emailField,
  password: z.unknown(),
  data: metadataField.nullish().transform((d) => d ?? {}),
});

export const passwordGrantBody = z.object({
  email: z.string({ error: 'missing email or phone' }).trim().min(1, 'missing email or phone').max(255, 'Invalid login credentials'),
  password: z.string().max(1024).optional(),
});

export const refreshGrantBody = z.object({
  refresh_token: z.string({ error: 'refresh_token required' }).trim().min(1, 'refresh_token required').max(512, 'Invalid Refresh Token'),
});

export const recoverBody = z.object({ email: emailField });

export const resendBody = z.object({
  type: z.literal('signup', { error: 'Only signup confirmations can be resent' }),
  email: emailField,
});

export const verifyBody = z.object({
  type: z.string({ error: 'Verify requires a verification type' }),
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
