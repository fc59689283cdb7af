// Tables of the embedded Supabase-compatible auth provider (unused with hosted Supabase).
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps } from './columns.ts';

export const authUsers = pgTable('auth_users', {
  id: id(),
  /** Lower-cased. */
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  emailConfirmedAt: timestamp({ withTimezone: true }),
  userMetadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  appMetadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  bannedUntil: timestamp({ withTimezone: true }),
  lastSignInAt: timestamp({ withTimezone: true }),
  recoverySentAt: timestamp({ withTimezone: true }),
  /** Last sign-up confirmation mail (GoTrue's confirmation_sent_at; spaces resends 60 s apart). */
  confirmationSentAt: timestamp({ withTimezone: true }),
  failedSignIns: integer().notNull().default(0),
  lockedUntil: timestamp({ withTimezone: true }),
  ...timestamps,
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    aal: text().notNull().default('aal1'),
    /** GoTrue's amr method of the session (server/auth-provider/auth.sessions.ts AuthMethod). */
    amr: text({ enum: ['password', 'recovery', 'otp', 'sso/saml', 'oauth'] }).notNull().default('password'),
    /** The MFA factor verified in this session (aal2); cleared when the factor is unenrolled. */
    factorId: uuid().references((): AnyPgColumn => authMfaFactors.id, { onDelete: 'set null' }),
    /** When that factor was verified: the factor's entry of the token's amr claim. */
    mfaVerifiedAt: timestamp({ withTimezone: true }),
    /** That entry's method: GoTrue's `totp` or `mfa/webauthn` (null on rows from before WebAuthn: totp). */
    mfaMethod: text({ enum: ['totp', 'mfa/webauthn'] }),
    /** The client address at sign-in (server/lib/client-ip.ts clientIp; null in-process) and its User-Agent (truncated). */
    ip: text(),
    userAgent: text(),
    /** Last use: a refresh, or an API request (at most once a minute, auth.verifier.ts). Idle timeouts count from it. */
    lastActiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId), index('auth_sessions_factor_idx').on(t.factorId)],
);

export const authRefreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** SHA-256 of the opaque token. */
    tokenHash: text().notNull().unique(),
    sessionId: uuid()
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    userId: uuid().notNull(),
    parentHash: text(),
    revoked: boolean().notNull().default(false),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_refresh_session_idx').on(t.sessionId)],
);

export const authOneTimeTokens = pgTable(
  'auth_one_time_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** server/auth-provider/auth.email-links.ts EmailLinkType. */
    type: text({ enum: ['recovery', 'signup'] }).notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_ott_user_idx').on(t.userId, t.type)],
);

/** ES256 signing keys (private JWK), shared by every server instance on one database. */
export const authSigningKeys = pgTable('auth_signing_keys', {
  kid: text().primaryKey(),
  privateJwk: jsonb().$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb().$type<Record<string, unknown>>().notNull(),
  active: boolean().notNull().default(true),
  createdAt: createdAt(),
});

/**
 * Sign-in failure counters for e-mail addresses that have no account, in the database (not memory)
 * so every instance counts the same guesses and an unknown address locks exactly like a real one.
 */
export const authUnknownAddresses = pgTable('auth_unknown_addresses', {
  /** Lower-cased. */
  email: text().primaryKey(),
  failedSignIns: integer().notNull().default(0),
  lockedUntil: timestamp({ withTimezone: true }),
  /** Last /recover and /resend for this address: spaced like a real account's, on every instance. */
  recoverySentAt: timestamp({ withTimezone: true }),
  confirmationSentAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * MFA factors (GoTrue's mfa_factors: TOTP and WebAuthn). `secret` is the TOTP key sealed with
 * AES-256-GCM (server/auth-provider/auth.mfa-crypto.ts), never plain text; null for WebAuthn.
 * `lastUsedStep`: the last 30 s step whose code was accepted, so a code is good once (RFC 6238
 * section 5.2). The `credential*` columns are a WebAuthn factor's registered credential (ADR 041),
 * set when it is verified: id and COSE public key (base64url), signature counter, transports.
 */
export const authMfaFactors = pgTable(
  'auth_mfa_factors',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    friendlyName: text(),
    factorType: text({ enum: ['totp', 'webauthn'] }).notNull().default('totp'),
    status: text({ enum: ['unverified', 'verified'] }).notNull().default('unverified'),
    secret: text(),
    lastUsedStep: bigint({ mode: 'number' }),
    lastChallengedAt: timestamp({ withTimezone: true }),
    credentialId: text(),
    credentialPublicKey: text(),
    credentialSignCount: bigint({ mode: 'number' }),
    credentialTransports: jsonb().$type<string[]>(),
    ...timestamps,
  },
  (t) => [
    index('auth_mfa_factors_user_idx').on(t.userId),
    uniqueIndex('auth_mfa_factors_user_name_idx').on(t.userId, t.friendlyName),
    uniqueIndex('auth_mfa_factors_credential_idx').on(t.credentialId),
  ],
);

/**
 * One challenge of a factor (GoTrue's mfa_challenges): verified once, within 5 minutes of its
 * creation. A WebAuthn challenge keeps the random challenge it sent (base64url) and whether it asked
 * the browser to create a credential or to sign with one (GoTrue's web_authn_session_data).
 */
export const authMfaChallenges = pgTable(
  'auth_mfa_challenges',
  {
    id: id(),
    factorId: uuid()
      .notNull()
      .references(() => authMfaFactors.id, { onDelete: 'cascade' }),
    verifiedAt: timestamp({ withTimezone: true }),
    webauthnChallenge: text(),
    webauthnType: text({ enum: ['create', 'request'] }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_mfa_challenges_factor_idx').on(t.factorId)],
);

/**
 * Data-encryption keys the provider made itself when no AUTH_MFA_KEY is configured (the embedded
 * default, like auth_signing_keys): 32 random bytes, base64url. `id` is the key id stored with
 * every ciphertext.
 */
export const authEncryptionKeys = pgTable('auth_encryption_keys', {
  id: text().primaryKey(),
  key: text().notNull(),
  createdAt: createdAt(),
});
