// The sign-in audit trail (ADR 042): the provider records each sign-in event where it decides it,
// in audit_log (server/lib/audit.ts), under the user's organization, so the organization's
// org_admins read it (GET /api/organization/audit-log) and system admins too (GET /api/admin/audit-log).
// Rows an outsider could cause are bounded: failures of a known account by its lockout (and one
// "locked" row per account per window), failures of unknown addresses by budgets (AUDIT_LIMITS).
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { profiles } from '../db/schema/index.ts';
import { writeAudit, type DbOrTx } from '../lib/audit.ts';
import type { BudgetRule } from '../lib/budgets.ts';
import { clientIp } from '../lib/client-ip.ts';
import type { AppEnv } from '../lib/factory.ts';
import type { AuthContext } from './auth.context.ts';

/** What a request tells about its client: the address of the rate limits' rule (clientIp) and the User-Agent. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export const NO_CLIENT: ClientInfo = { ip: null, userAgent: null };
const USER_AGENT_MAX = 400;

export function clientInfo(c: Context<AppEnv>): ClientInfo {
  const agent = (c.req.header('user-agent') ?? '').slice(0, USER_AGENT_MAX).trim();
  return { ip: clientIp(c) ?? null, userAgent: agent || null };
}

/** The actions of the sign-in trail (the `kind` filter of the organization's audit log groups them). */
export type AuthAuditAction =
  | 'auth.sign_in'
  | 'auth.sign_in_failed'
  | 'auth.mfa_verified'
  | 'auth.mfa_failed'
  | 'auth.factor_enrolled'
  | 'auth.factor_removed'
  | 'auth.sign_out'
  | 'auth.session_ended';

export interface AuthEvent {
  action: AuthAuditAction;
  /** The account the event is about. */
  userId: string;
  /** Who acted: the user (default), an admin, or null (the platform: a policy, a detected reuse). */
  actorId?: string | null;
  client?: ClientInfo;
  /** Method, outcome, reason, session id, scope: stored as the row's `after`. */
  detail: Record<string, unknown>;
}

/** Budgets of rows that anyone can cause (ctx.budgets, shared by every instance). */
export const AUDIT_LIMITS = {
  /** "Refused: account locked" rows of one account (key: account id): one per 15 minutes. */
  lockedPerAccount: { name: 'audit-locked-account', max: 1, windowMs: 15 * 60_000, whenStoreDown: 'local' },
  /** Failures for addresses without an account, per client address (key: budget key): 5 an hour. */
  unknownPerClient: { name: 'audit-unknown-client', max: 5, windowMs: 60 * 60_000, whenStoreDown: 'local' },
  /** The same over the whole platform (one key): 100 an hour, so no one fills the admin log. */
  unknownPlatform: { name: 'audit-unknown-all', max: 100, windowMs: 60 * 60_000, whenStoreDown: 'local' },
} as const satisfies Record<string, BudgetRule>;

/** Writes one event row, under the user's organization (none for a user without a profile). */
export async function recordAuthEvent(ctx: Pick<AuthContext, 'db'>, event: AuthEvent, tx: DbOrTx = ctx.db): Promise<void> {
  const [profile] = await tx.select({ organizationId: profiles.organizationId }).from(profiles).where(eq(profiles.id, event.userId)).limit(1);
  const client = event.client ?? NO_CLIENT;
  await writeAudit(tx, {
    actorId: event.actorId === undefined ? event.userId : event.actorId,
    organizationId: profile?.organizationId ?? null,
    action: event.action,
    targetType: 'user',
    targetId: event.userId,
    before: null,
    after: { ...event.detail, ip: client.ip, user_agent: client.userAgent },
  });
}

/**
 * After the answer (ctx.background), so recording a failure adds nothing to the response time of
 * a known account that an unknown address lacks (the answer must not tell whether an account exists).
 */
export function recordLater(ctx: AuthContext, event: AuthEvent): void {
  ctx.background.run('sign-in audit', () => recordAuthEvent(ctx, event));
}

/** A password-grant failure for an address without an account: within AUDIT_LIMITS only, after the answer. */
export function recordUnknownAddressFailure(ctx: AuthContext, email: string, budgetKey: string | undefined, client: ClientInfo): void {
  ctx.background.run('sign-in audit', async () => {
    if ((await ctx.budgets.spend(AUDIT_LIMITS.unknownPerClient, budgetKey ?? 'in-process')) !== 0) return;
    if ((await ctx.budgets.spend(AUDIT_LIMITS.unknownPlatform, 'all')) !== 0) return;
    await writeAudit(ctx.db, {
      actorId: null,
      organizationId: null,
      action: 'auth.sign_in_failed',
      targetType: 'user',
      targetId: null,
      before: null,
      after: { method: 'password', outcome: 'failure', reason: 'unknown_address', email, ip: client.ip, user_agent: client.userAgent },
    });
  });
}
