import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { authOneTimeTokens, authUnknownAddresses } from '../db/schema/index.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError } from './auth.errors.ts';
import { isCanonicalToken } from '../lib/base64url.ts';
import { randomToken, sha256Hex } from './auth.secrets.ts';
import { findUserById, isBanned, type AuthUserRow } from './auth.users.ts';

/** The one-time links the provider mails: password recovery and sign-up confirmation. */
export type EmailLinkType = 'recovery' | 'signup';

export const EMAIL_LINK_TTL_MS: Record<EmailLinkType, number> = { recovery: 60 * 60_000, signup: 24 * 60 * 60_000 };
/** One mail of each type per address per minute (GoTrue's default spacing). */
export const EMAIL_LINK_INTERVAL_MS = 60_000;

export const tooSoon = (seconds: number) =>
  new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.max(1, seconds)} seconds.`);

/**
 * The one-a-minute spacing of /recover and /resend for an address with no account (or, for resend,
 * an account already confirmed), kept in the database like a real account's `recovery_sent_at`, so
 * the answers match on every instance and after a restart. Throws tooSoon inside the interval.
 */
export async function spaceUnknownAddress(ctx: AuthContext, email: string, type: EmailLinkType): Promise<void> {
  const now = ctx.now();
  const column = type === 'recovery' ? authUnknownAddresses.recoverySentAt : authUnknownAddresses.confirmationSentAt;
  const field = type === 'recovery' ? 'recoverySentAt' : 'confirmationSentAt';
  const since = new Date(now.getTime() - EMAIL_LINK_INTERVAL_MS).toISOString();
  const claimed = await ctx.db
    .insert(authUnknownAddresses)
    .values({ email, [field]: now, updatedAt: now })
    .onConflictDoUpdate({
      target: authUnknownAddresses.email,
      set: { [field]: now, updatedAt: now },
      setWhere: sql`(${column} is null or ${column} <= ${since}::timestamptz)`,
    })
    .returning({ email: authUnknownAddresses.email });
  if (claimed.length === 1) return;
  const [row] = await ctx.db.select().from(authUnknownAddresses).where(eq(authUnknownAddresses.email, email)).limit(1);
  const sent = row?.[field];
  throw tooSoon(sent ? Math.ceil((EMAIL_LINK_INTERVAL_MS - (now.getTime() - sent.getTime())) / 1000) : 1);
}

/** redirect_to is honoured only on APP_URL's own origin (any path); anything else falls back to APP_URL. */
export function safeRedirect(appUrl: string, raw: string | undefined): string {
  if (!raw) return appUrl;
  try {
    const url = new URL(raw);
    if (url.origin !== new URL(appUrl).origin) return appUrl;
    url.hash = '';
    return url.toString();
  } catch {
    return appUrl;
  }
}

/**
 * Replaces the user's pending link of this type with a new single-use one (only its SHA-256 is
 * stored) and returns the URL to mail: `${issuer}/verify?token=..&type=..&redirect_to=..`.
 */
export async function issueEmailLink(ctx: AuthContext, userId: string, type: EmailLinkType, redirectTo: string): Promise<string> {
  const now = ctx.now();
  const token = randomToken();
  await ctx.db.delete(authOneTimeTokens).where(and(eq(authOneTimeTokens.userId, userId), eq(authOneTimeTokens.type, type)));
  await ctx.db.insert(authOneTimeTokens).values({
    userId,
    type,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS[type]),
    createdAt: now,
  });
  const link = new URL(`${ctx.issuer}/verify`);
  link.search = new URLSearchParams({ token, type, redirect_to: redirectTo }).toString();
  return link.toString();
}

/** A link's token row that may still be used: this token, its own type, unused, unexpired. */
const usableLink = (token: string, type: EmailLinkType, now: Date) =>
  and(eq(authOneTimeTokens.tokenHash, sha256Hex(token)), eq(authOneTimeTokens.type, type), isNull(authOneTimeTokens.usedAt), gt(authOneTimeTokens.expiresAt, now));

/** The user of a link's token that is still usable (unused, unexpired, its own type), without using it; null when invalid. */
export async function peekEmailLink(ctx: AuthContext, token: string, type: EmailLinkType): Promise<AuthUserRow | null> {
  if (!isCanonicalToken(token)) return null;
  const now = ctx.now();
  const [pending] = await ctx.db
    .select({ userId: authOneTimeTokens.userId })
    .from(authOneTimeTokens)
    .where(usableLink(token, type, now))
    .limit(1);
  if (!pending) return null;
  const user = await findUserById(ctx.db, pending.userId);
  return user && !isBanned(user, now) ? user : null;
}

/** Uses a link's token (once, before expiry, only as its own type); its user, or null when invalid. */
export async function consumeEmailLink(ctx: AuthContext, token: string, type: EmailLinkType): Promise<AuthUserRow | null> {
  if (!isCanonicalToken(token)) return null;
  const now = ctx.now();
  const [used] = await ctx.db
    .update(authOneTimeTokens)
    .set({ usedAt: now })
    .where(usableLink(token, type, now))
    .returning({ userId: authOneTimeTokens.userId });
  if (!used) return null;
  const user = await findUserById(ctx.db, used.userId);
  return user && !isBanned(user, now) ? user : null;
}
