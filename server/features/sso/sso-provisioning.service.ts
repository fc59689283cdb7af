// The application's part of a single sign-on (ADR 043), called by the embedded provider once the
// identity provider's answer checked out: the user gets a place in the provider's organization
// (a team member or a join request, by the organization's setting), unless the organization
// removed them, they belong elsewhere, or it declined them. Also "SSO only" for password sign-in.
import { and, eq } from 'drizzle-orm';
import { mailboxKey } from '#domain/mailbox.ts';
import type { SsoHooks, SsoIdentity, SsoProvisionResult } from '../../auth-provider/index.ts';
import { authMfaFactors, joinRequests, organizations, profiles } from '../../db/schema/index.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { addMember, findProfile, notifyJoinRequestAdmins } from '../accounts/index.ts';

export const SSO_REFUSALS = {
  removed: { code: 'sso_user_removed', message: 'You were removed from this organization. Ask its administrator to invite you again.' },
  otherOrganization: { code: 'sso_other_organization', message: 'Your account belongs to another organization.' },
  disabled: { code: 'sso_account_disabled', message: 'This account is disabled.' },
  declined: { code: 'sso_join_declined', message: 'Your request to join this organization was declined.' },
  otherRequest: { code: 'sso_other_join_request', message: 'You already asked to join another organization.' },
} as const;

const refused = (r: { code: string; message: string }): SsoProvisionResult => ({ ok: false, ...r });

async function provision(ctx: ServiceContext, who: SsoIdentity): Promise<SsoProvisionResult> {
  const profile = await findProfile(ctx, who.userId);
  if (profile) {
    if (profile.organizationId !== who.organizationId) return refused(SSO_REFUSALS.otherOrganization);
    if (profile.status === 'removed') return refused(SSO_REFUSALS.removed);
    if (profile.status !== 'active') return refused(SSO_REFUSALS.disabled);
    return { ok: true };
  }
  // Removed before under another account with the same mailbox: the same refusal as join by link.
  const removed = await ctx.db
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.organizationId, who.organizationId), eq(profiles.status, 'removed')));
  if (removed.some((r) => mailboxKey(r.email) === mailboxKey(who.email))) return refused(SSO_REFUSALS.removed);

  const [org] = await ctx.db.select({ provisioning: organizations.ssoProvisioning, name: organizations.name }).from(organizations).where(eq(organizations.id, who.organizationId));
  const person = { userId: who.userId, email: who.email, firstName: who.firstName, lastName: who.lastName };
  if (org?.provisioning === 'member') {
    try {
      await addMember(ctx, person, who.organizationId, 'team_member');
    } catch (err) {
      // A concurrent first sign-in made it.
      if (!(await findProfile(ctx, who.userId))) throw err;
      return { ok: true };
    }
    await writeAudit(ctx.db, {
      actorId: who.userId,
      organizationId: who.organizationId,
      action: 'sso.member_provisioned',
      targetType: 'user',
      targetId: who.userId,
      before: null,
      after: { email: who.email, providerId: who.providerId },
    });
    return { ok: true };
  }
  const mine = await ctx.db.select().from(joinRequests).where(eq(joinRequests.userId, who.userId));
  if (mine.some((r) => r.organizationId === who.organizationId && r.status === 'declined')) return refused(SSO_REFUSALS.declined);
  const pending = mine.find((r) => r.status === 'pending');
  if (pending) return pending.organizationId === who.organizationId ? { ok: true } : refused(SSO_REFUSALS.otherRequest);
  const [request] = await ctx.db
    .insert(joinRequests)
    .values({ organizationId: who.organizationId, userId: who.userId, email: who.email, firstName: who.firstName, lastName: who.lastName, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning();
  if (request && org) await notifyJoinRequestAdmins(ctx, { id: who.organizationId, name: org.name }, request, 'sso');
  return { ok: true };
}

/**
 * "SSO only": a member of such an organization signs in through its identity provider; an
 * org_admin with a verified second factor keeps the password (break glass; the factor is asked next).
 */
async function passwordRefused(ctx: ServiceContext, userId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ ssoOnly: organizations.ssoOnly, role: profiles.role })
    .from(profiles)
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(eq(profiles.id, userId))
    .limit(1);
  if (!row?.ssoOnly) return false;
  if (row.role !== 'org_admin') return true;
  const factors = await ctx.db
    .select({ id: authMfaFactors.id })
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.userId, userId), eq(authMfaFactors.status, 'verified')))
    .limit(1);
  return factors.length === 0;
}

/** The hooks server/compose.ts gives the embedded provider; `context` is read at call time. */
export function createSsoHooks(context: () => ServiceContext): SsoHooks {
  return { provision: (who) => provision(context(), who), passwordRefused: (userId) => passwordRefused(context(), userId) };
}
