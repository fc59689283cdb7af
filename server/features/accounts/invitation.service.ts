// Invitations: 32 random bytes (base64url) in the e-mail link, only their SHA-256 in the database,
// bound to the invited e-mail, valid 7 days, single use. Re-inviting refreshes the pending one.
import { createHash, randomBytes } from 'node:crypto';
import { fullName } from '#domain/text.ts';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { INVITATION_TTL_DAYS, type InvitationDto } from '#domain/contracts/accounts.ts';
import { addDaysAt } from '#domain/dates.ts';
import { MSG } from '#domain/messages.ts';
import { auditLog, invitations, organizations, profiles } from '../../db/schema/index.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { errorForLog } from '../../lib/logger.ts';
import { assertWritable } from '../../lib/caller.ts';
import { inviteMail } from './invite-mail.ts';
import { findOrganization } from './organization.service.ts';
import type { ServiceContext, CallerContext } from '../../lib/context.ts';

type InvitationRow = typeof invitations.$inferSelect;
type OrganizationRow = typeof organizations.$inferSelect;

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export function toInvitationDto(row: InvitationRow): InvitationDto {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

const pending = () => and(isNull(invitations.acceptedAt), isNull(invitations.cancelledAt));

/** The organization the caller may invite into: their own (org_admin) or any (system_admin). */
async function invitingOrganization(ctx: CallerContext, organizationId: string): Promise<OrganizationRow> {
  const { caller } = ctx;
  const org = caller.role === 'system_admin' || caller.organizationId === organizationId ? await findOrganization(ctx, organizationId) : null;
  if (!org) throw notFound('Organization not found');
  if (caller.role === 'team_member') throw forbidden('Only Organization Admins can invite members');
  assertWritable(org);
  return org;
}

export interface InviteRequest {
  email: string;
  organizationId: string;
  role?: 'team_member' | 'org_admin' | undefined;
}

/** Creates (or refreshes) the invitation and e-mails the link. Returns the stored invitation. */
export async function inviteMember(ctx: CallerContext, input: InviteRequest): Promise<InvitationDto> {
  const { caller } = ctx;
  const org = await invitingOrganization(ctx, input.organizationId);
  const email = input.email.trim().toLowerCase();
  const [member] = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.organizationId, org.id), eq(profiles.email, email), ne(profiles.status, 'removed')))
    .limit(1);
  if (member) throw conflict(`${email} is already a member of this organization`);

  const token = newToken();
  const now = ctx.now();
  const values = {
    tokenHash: hashToken(token),
    role: input.role ?? 'team_member',
    invitedBy: caller.id,
    expiresAt: addDaysAt(now, INVITATION_TTL_DAYS),
    createdAt: now,
  };
  const row = await ctx.db.transaction(async (tx) => {
    // One pending invitation per (organization, e-mail): serialise on the organization row.
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, org.id)).for('update');
    const [existing] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.organizationId, org.id), eq(invitations.email, email), pending()))
      .limit(1);
    const [saved] = existing
      ? await tx.update(invitations).set(values).where(eq(invitations.id, existing.id)).returning()
      : await tx.insert(invitations).values({ ...values, organizationId: org.id, email }).returning();
    await tx.insert(auditLog).values({
      actorId: caller.id,
      organizationId: org.id,
      action: existing ? 'invitation.resend' : 'invitation.create',
      targetType: 'invitation',
      targetId: saved!.id,
      after: JSON.stringify({ email, role: values.role }),
    });
    return saved!;
  });

  const inviterName = fullName(caller.firstName, caller.lastName) || caller.email;
  const mail = inviteMail({
    to: email,
    inviterName,
    inviterEmail: caller.email,
    organizationName: org.name,
    appUrl: ctx.env.APP_URL,
    token,
    expiresAt: row.expiresAt,
  });
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    ctx.logger.error('invitation e-mail failed', { invitationId: row.id, error: errorForLog(err) });
    throw new AppError(502, 'internal_error', `${MSG.sendInviteFailed}: the e-mail could not be delivered. Please try again.`);
  }
  return toInvitationDto(row);
}

/** Pending invitations of an organization, oldest first. */
export async function listPendingInvitations(ctx: Pick<ServiceContext, 'db'>, organizationId: string): Promise<InvitationDto[]> {
  const { db } = ctx;
  const rows = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), pending()))
    .orderBy(asc(invitations.createdAt));
  return rows.map(toInvitationDto);
}

export async function cancelInvitation(ctx: CallerContext, organizationId: string, id: string): Promise<void> {
  const { caller } = ctx;
  const [row] = await ctx.db
    .update(invitations)
    .set({ cancelledAt: ctx.now() })
    .where(and(eq(invitations.id, id), eq(invitations.organizationId, organizationId), pending()))
    .returning({ id: invitations.id, email: invitations.email });
  if (!row) throw notFound('Invitation not found');
  await ctx.db.insert(auditLog).values({
    actorId: caller.id,
    organizationId,
    action: 'invitation.cancel',
    targetType: 'invitation',
    targetId: id,
    before: JSON.stringify({ email: row.email }),
  });
}

export interface ValidInvitation {
  invitation: InvitationRow;
  organization: OrganizationRow;
}

/** A pending, unexpired invitation for the token, with its organization; else null. */
export async function findValidInvitation(ctx: ServiceContext, token: string): Promise<ValidInvitation | null> {
  const [row] = await ctx.db
    .select({ i: invitations, o: organizations })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(and(eq(invitations.tokenHash, hashToken(token)), pending()))
    .limit(1);
  if (!row || row.i.expiresAt.getTime() <= ctx.now().getTime()) return null;
  return { invitation: row.i, organization: row.o };
}
