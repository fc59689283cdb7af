// The organization's security settings (two-step verification, ADR 040; session limits, ADR 042) and the reset of a lost factor (ADR 040). The
// policy is enforced in one place, requireProfile (./require-profile.ts assertAssurance); this file
// only stores it and resets factors through the auth provider's admin API.
import { and, eq, ne } from 'drizzle-orm';
import type { FactorsResetResponse } from '#domain/contracts/accounts.ts';
import { MFA_MSG } from '#domain/mfa-messages.ts';
import { SESSION_MSG } from '#domain/session-messages.ts';
import { fullName } from '#domain/text.ts';
import { organizations, profiles } from '../../db/schema/index.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { CallerContext, ServiceContext } from '../../lib/context.ts';
import type { AuthUser } from '../../lib/factory.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { PRODUCT_NAME } from './invite-mail.ts';
import { lockOrganization } from './membership.service.ts';
import { ownOrganizationId } from './organization.service.ts';

export interface SecurityPolicy {
  requireMfa: boolean;
  sessionIdleMinutes: number | null;
  sessionMaxHours: number | null;
}

/**
 * PUT /api/organization/security (org_admins): stores the settings sent (two-step verification,
 * ADR 040; session limits, ADR 042); a change is audited once with the changed keys' before and
 * after. Turning two-step verification on takes an aal2 session, so the admin cannot shut
 * themselves out. Answers the settings as stored.
 */
export async function setSecurityPolicy(ctx: CallerContext, input: Partial<SecurityPolicy>, callerAal: AuthUser['aal']): Promise<SecurityPolicy> {
  const { caller } = ctx;
  const orgId = ownOrganizationId(caller);
  if (input.requireMfa && callerAal !== 'aal2') throw new AppError(403, 'mfa_enrol_first', MFA_MSG.mfaPolicyNeedsOwnFactor);
  // Enforced by the embedded provider only (ADR 042): with hosted Supabase they would be stored and never applied.
  const limits = input.sessionIdleMinutes !== undefined || input.sessionMaxHours !== undefined;
  if (limits && !ctx.authAdmin?.listSessions) throw new AppError(409, 'conflict', SESSION_MSG.sessionLimitsUnavailable);
  return ctx.db.transaction(async (tx) => {
    await lockOrganization(tx, orgId);
    const [current] = await tx
      .select({ requireMfa: organizations.requireMfa, sessionIdleMinutes: organizations.sessionIdleMinutes, sessionMaxHours: organizations.sessionMaxHours })
      .from(organizations)
      .where(eq(organizations.id, orgId))
      .limit(1);
    if (!current) throw notFound('Organization not found');
    const keys = (Object.keys(input) as (keyof SecurityPolicy)[]).filter((k) => input[k] !== undefined && input[k] !== current[k]);
    if (keys.length === 0) return current;
    const pick = (from: Partial<SecurityPolicy>) => Object.fromEntries(keys.map((k) => [k, from[k]]));
    await tx.update(organizations).set({ ...pick(input), updatedAt: ctx.now() }).where(eq(organizations.id, orgId));
    await writeAudit(tx, {
      actorId: caller.id,
      organizationId: orgId,
      action: 'organization.security',
      targetType: 'organization',
      targetId: orgId,
      before: pick(current),
      after: pick(input),
    });
    return { ...current, ...pick(input) } as SecurityPolicy;
  });
}

type Target = Pick<typeof profiles.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'organizationId'>;

const targetColumns = {
  id: profiles.id,
  email: profiles.email,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  role: profiles.role,
  organizationId: profiles.organizationId,
};

/**
 * DELETE /api/organization/members/:id/factors: an org_admin resets a team member of their own
 * organization (another organization's user is the same 404 as an unknown one). An org_admin's
 * factors are reset by a system admin, so one org_admin cannot strip another's second factor.
 */
export async function resetMemberFactors(ctx: CallerContext, memberId: string): Promise<FactorsResetResponse> {
  const { caller } = ctx;
  const orgId = ownOrganizationId(caller);
  const [member] = await ctx.db
    .select(targetColumns)
    .from(profiles)
    .where(and(eq(profiles.id, memberId), eq(profiles.organizationId, orgId), ne(profiles.status, 'removed')))
    .limit(1);
  if (!member) throw notFound('Team member not found');
  if (member.role !== 'team_member' && member.id !== caller.id) throw forbidden('Only a system admin can reset the two-step verification of an org admin');
  return resetFactors(ctx, caller.id, member);
}

/** DELETE /api/admin/users/:id/factors: a system admin resets any user's factors. */
export async function resetUserFactors(ctx: CallerContext, userId: string): Promise<FactorsResetResponse> {
  const [user] = await ctx.db.select(targetColumns).from(profiles).where(eq(profiles.id, userId)).limit(1);
  if (!user) throw notFound('User not found');
  return resetFactors(ctx, ctx.caller.id, user);
}

async function resetFactors(ctx: ServiceContext, actorId: string, target: Target): Promise<FactorsResetResponse> {
  // One's own factors are managed on the account security screen with an aal2 session (ADR 039).
  if (target.id === actorId) throw badRequest('Manage your own authenticator apps on your account security page');
  if (!ctx.authAdmin?.resetFactors) throw new AppError(409, 'mfa_reset_unavailable', MFA_MSG.mfaResetUnavailable);
  const removed = await ctx.authAdmin.resetFactors(target.id);
  await writeAudit(ctx.db, {
    actorId,
    organizationId: target.organizationId,
    action: 'user.mfa_reset',
    targetType: 'user',
    targetId: target.id,
    before: { email: target.email, factors: removed.factors },
    after: { factors: 0, endedSessions: removed.sessions },
  });
  const name = fullName(target.firstName, target.lastName);
  try {
    await ctx.mailer.send(factorsResetMail(ctx, target.email));
  } catch (err) {
    // The reset stands (audited); the page says it was done.
    ctx.logger.warn('two-step verification reset e-mail failed', { userId: target.id, error: String(err) });
  }
  return { message: MFA_MSG.mfaFactorsReset(name), removed_factors: removed.factors };
}

/** Tells the owner: a reset they did not ask for is the sign of a taken-over admin account. */
export function factorsResetMail(ctx: Pick<ServiceContext, 'env'>, to: string): MailMessage {
  const link = `${ctx.env.APP_URL.replace(/\/+$/, '')}/account/security`;
  return {
    to,
    subject: `Your two-step verification on ${PRODUCT_NAME} was reset`,
    text: [
      `Hello,`,
      ``,
      `An administrator removed the authenticator apps from your ${PRODUCT_NAME} account (${to}), and your verified sessions ended.`,
      `At your next sign-in you set up a new authenticator app:`,
      link,
      ``,
      `If you did not ask for this, tell your organization admin at once.`,
    ].join('\n'),
    links: [link],
  };
}
