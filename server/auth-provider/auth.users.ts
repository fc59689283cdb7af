import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authMfaFactors, authUsers } from '../db/schema/index.ts';
import { AuthError } from './auth.errors.ts';
import { DEFAULT_HASH_LOG2N, hashPassword } from './auth.passwords.ts';
import { servedMetadata } from './auth.schemas.ts';
import { isUuid } from '../lib/validator.ts';

export type AuthUserRow = typeof authUsers.$inferSelect;

export const APP_METADATA = { provider: 'email', providers: ['email'] };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<AuthUserRow | undefined> {
  const [row] = await db.select().from(authUsers).where(eq(authUsers.email, normalizeEmail(email))).limit(1);
  return row;
}


export async function findUserById(db: Db, id: string): Promise<AuthUserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(authUsers).where(eq(authUsers.id, id)).limit(1);
  return row;
}

export const isBanned = (user: Pick<AuthUserRow, 'bannedUntil'>, now: Date) =>
  user.bannedUntil !== null && user.bannedUntil.getTime() > now.getTime();

/**
 * Inserts an e-mail user, confirmed unless `confirmed: false` (sign-up awaiting its confirmation link);
 * 422 user_already_exists when the address is taken. `log2N`: the scrypt cost (auth.passwords.ts hashLog2N).
 */
export async function insertUser(
  db: Db,
  input: { email: string; password: string; userMetadata: Record<string, unknown>; confirmed?: boolean },
  now: Date,
  lastSignInAt: Date | null = null,
  log2N: number = DEFAULT_HASH_LOG2N,
): Promise<AuthUserRow> {
  const passwordHash = await hashPassword(input.password, log2N);
  const [row] = await db
    .insert(authUsers)
    .values({
      email: normalizeEmail(input.email),
      passwordHash,
      emailConfirmedAt: input.confirmed === false ? null : now,
      userMetadata: input.userMetadata,
      appMetadata: APP_METADATA,
      lastSignInAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: authUsers.email })
    .returning();
  if (!row) throw new AuthError(422, 'user_already_exists', 'User already registered');
  return row;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type FactorRow = typeof authMfaFactors.$inferSelect;

/** The user's MFA factors, oldest first (GoTrue loads them with the user). */
export const findFactors = (db: Db, userId: string): Promise<FactorRow[]> =>
  db.select().from(authMfaFactors).where(eq(authMfaFactors.userId, userId)).orderBy(asc(authMfaFactors.createdAt), asc(authMfaFactors.id));

/** GoTrue's models.Factor JSON (the secret is never served). */
export function toFactorJson(factor: FactorRow) {
  return {
    id: factor.id,
    ...(factor.friendlyName ? { friendly_name: factor.friendlyName } : {}),
    factor_type: factor.factorType,
    status: factor.status,
    created_at: iso(factor.createdAt),
    updated_at: iso(factor.updatedAt),
    last_challenged_at: iso(factor.lastChallengedAt),
  };
}

/**
 * GoTrue's models.User as supabase-js expects it (bare, not wrapped). `factors` is omitted when
 * there are none, as GoTrue's `json:"factors,omitempty"` does.
 */
export function toUserJson(user: AuthUserRow, factors: readonly FactorRow[] = []) {
  const userMetadata = servedMetadata(user.userMetadata);
  const identityData = { ...userMetadata, sub: user.id, email: user.email, email_verified: user.emailConfirmedAt !== null, phone_verified: false };
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: '',
    confirmed_at: iso(user.emailConfirmedAt),
    confirmation_sent_at: iso(user.confirmationSentAt),
    recovery_sent_at: iso(user.recoverySentAt),
    last_sign_in_at: iso(user.lastSignInAt),
    invited_at: null,
    new_email: null,
    ...(user.bannedUntil ? { banned_until: iso(user.bannedUntil) } : {}),
    app_metadata: { ...APP_METADATA, ...user.appMetadata },
    user_metadata: userMetadata,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: identityData,
        provider: 'email',
        email: user.email,
        last_sign_in_at: iso(user.lastSignInAt ?? user.createdAt),
        created_at: iso(user.createdAt),
        updated_at: iso(user.updatedAt),
      },
    ],
    ...(factors.length > 0 ? { factors: factors.map(toFactorJson) } : {}),
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
    is_anonymous: false,
  };
}

export type UserJson = ReturnType<typeof toUserJson>;
