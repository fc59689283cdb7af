// Join by link (ADR 003): /signup?org=<id>&key=<joinKey>. Knowing the organization id is not
// enough: the key must be the organization's current one and joining by link must be on. Then the
// caller becomes a team member at once only when the provider confirmed their address and its
// domain is on the organization's allowed list; otherwise a join request waits for an org_admin.
// A member removed from the organization (by user id or by address) is refused either way until
// an invitation brings them back (account.service.ts acceptInvite).
import { and, asc, eq } from 'drizzle-orm';
import { fullName } from '#domain/text.ts';
import type { JoinLinkDto, JoinRequestDto } from '#domain/contracts/accounts.ts';
import { mailboxKey } from '#domain/mailbox.ts';
import { MSG } from '#domain/messages.ts';
import type { Db } from '../../db/client.ts';
import { joinRequests, organizations, profiles } from '../../db/schema/index.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser, Caller } from '../../lib/factory.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { writeAudit } from '../../lib/audit.ts';
import { safeEqual } from '../../lib/safe-equal.ts';
import { PRODUCT_NAME } from './invite-mail.ts';
import { addMember, findProfile, type Person } from './membership.service.ts';
import { findOrganization, newJoinKey, ownOrganizationId, toJoinLinkDto } from './organization.service.ts';
import type { CallerContext, ServiceContext } from '../../lib/context.ts';

type OrganizationRow = typeof organizations.$inferSelect;
type JoinRequestRow = typeof joinRequests.$inferSelect;


/**
 * The active organization whose join link is on and whose current key is `key`; else null.
 * Unknown id, wrong or old key and a switched-off link look the same to the caller.
 */
export async function findJoinableOrganization(ctx: Pick<ServiceContext, 'db'>, id: string, key: string | undefined): Promise<OrganizationRow | null> {
  if (!key) return null;
  const org = await findOrganization(ctx, id);
  if (!org || org.status !== 'active' || !org.joinByLinkEnabled) return null;
  return safeEqual(org.joinKey, key.trim()) ? org : null;
}

export const invalidJoinLink = () => notFound(MSG.joinLinkInvalid);

/** GET /api/organization/public/:orgId?key=: the name only, and only for a valid link. */
export async function publicOrganization(ctx: Pick<ServiceContext, 'db'>, id: string, key: string): Promise<{ name: string }> {
  const org = await findJoinableOrganization(ctx, id, key);
  if (!org) throw invalidJoinLink();
  return { name: org.name };
}

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The organization's removed members (user id, mailbox key): who may not come back by link. */
async function removedMembers(db: Db, organizationId: string): Promise<{ ids: Set<string>; mailboxes: Set<string> }> {
  const rows = await db
    .select({ id: profiles.id, email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.status, 'removed')));
  return { ids: new Set(rows.map((r) => r.id)), mailboxes: new Set(rows.map((r) => mailboxKey(r.email))) };
}

const resemblesRemoved = (removed: { ids: Set<string>; mailboxes: Set<string> }, person: Pick<Person, 'userId' | 'email'>) =>
  removed.ids.has(person.userId) || removed.mailboxes.has(mailboxKey(person.email));

/**
 * True when the organization removed this user or this mailbox (domain/mailbox.ts mailboxKey: case,
 * +tags, dots of Gmail addresses) and no invitation brought them back.
 */
async function wasRemoved(db: Db, organizationId: string, person: Person): Promise<boolean> {
  return resemblesRemoved(await removedMembers(db, organizationId), person);
}

export type JoinOutcome =
  | { kind: 'member'; profile: Caller; created: boolean }
  | { kind: 'requested'; organizationName: string; created: boolean };

/**
 * The caller (who has no profile yet) asks to join by link. Returns the new team member profile
 * (verified address on an allowed domain) or the pending join request. Throws 404 for an invalid
 * link and 403 for a removed member or a declined request.
 */
export async function requestToJoin(ctx: ServiceContext, user: AuthUser, person: Person, organizationId: string, key: string | undefined): Promise<JoinOutcome> {
  const org = await findJoinableOrganization(ctx, organizationId, key);
  if (!org) throw invalidJoinLink();
  if (await wasRemoved(ctx.db, org.id, person)) throw forbidden(MSG.joinRemovedMember);

  // Only the embedded provider proves the address (auth_users.email_confirmed_at): a hosted token's
  // confirmation rests on user-writable metadata (hosted-verifier.ts), so hosted joins always ask.
  const allowed = org.allowedEmailDomains.includes(domainOf(person.email));
  if (allowed && user.emailConfirmed && ctx.tokens.kind === 'embedded') {
    return { kind: 'member', profile: await addMember(ctx, person, org.id, 'team_member'), created: true };
  }

  const mine = await ctx.db.select().from(joinRequests).where(eq(joinRequests.userId, person.userId));
  const pending = mine.find((r) => r.status === 'pending');
  if (pending && pending.organizationId === org.id) return { kind: 'requested', organizationName: org.name, created: false };
  if (pending) throw conflict(MSG.joinRequestOtherPending);
  if (mine.some((r) => r.organizationId === org.id && r.status === 'declined')) throw forbidden(MSG.joinRequestDeclined);

  const inserted = await ctx.db
    .insert(joinRequests)
    .values({ organizationId: org.id, userId: person.userId, email: person.email.toLowerCase(), firstName: person.firstName, lastName: person.lastName, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) return requestToJoin(ctx, user, person, organizationId, key); // a concurrent call made it
  await notifyAdmins(ctx, org, inserted[0]!);
  return { kind: 'requested', organizationName: org.name, created: true };
}

/** The pending request of a user without a profile, for the SPA's "waiting for approval" state. */
export async function pendingJoinRequest(ctx: Pick<ServiceContext, 'db'>, userId: string): Promise<{ organizationName: string } | null> {
  const { db } = ctx;
  const [row] = await db
    .select({ organizationName: organizations.name })
    .from(joinRequests)
    .innerJoin(organizations, eq(organizations.id, joinRequests.organizationId))
    .where(and(eq(joinRequests.userId, userId), eq(joinRequests.status, 'pending')))
    .limit(1);
  return row ?? null;
}

/**
 * The user got an organization another way (created one, accepted an invitation): a request still
 * pending elsewhere is withdrawn, so no admin is left with a request that can only fail.
 */
export async function withdrawJoinRequests(ctx: ServiceContext, userId: string): Promise<void> {
  await ctx.db
    .update(joinRequests)
    .set({ status: 'withdrawn', decidedAt: ctx.now() })
    .where(and(eq(joinRequests.userId, userId), eq(joinRequests.status, 'pending')));
}

export function toJoinRequestDto(r: JoinRequestRow, resemblesRemovedMember = false): JoinRequestDto {
  return {
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    resembles_removed_member: resemblesRemovedMember,
  };
}

/**
 * GET /api/organization/join-requests: the organization's pending requests, oldest first. A request
 * from the mailbox of a member removed since it was made (or by the same account) is flagged
 * `resembles_removed_member`: asking again is refused outright, but a request already waiting
 * when the member was removed stays, and approving it would be refused.
 */
export async function listJoinRequests(ctx: Pick<ServiceContext, 'db'>, organizationId: string): Promise<JoinRequestDto[]> {
  const { db } = ctx;
  const rows = await db
    .select()
    .from(joinRequests)
    .where(and(eq(joinRequests.organizationId, organizationId), eq(joinRequests.status, 'pending')))
    .orderBy(asc(joinRequests.createdAt));
  const removed = await removedMembers(db, organizationId);
  return rows.map((r) => toJoinRequestDto(r, resemblesRemoved(removed, r)));
}

/**
 * POST /api/organization/join-link/rotate: a new random key, so every link with an older key stops
 * working (ADR 003), and in the same transaction every request still pending (all were made with an
 * older link) is cancelled: the link's holder is no longer trusted, and people who asked need the new
 * link. Audit-logged without the key, with the number of requests cancelled.
 */
export async function rotateJoinKey(ctx: CallerContext): Promise<{ joinLink: JoinLinkDto; cancelledRequests: number }> {
  const { caller } = ctx;
  const orgId = ownOrganizationId(caller);
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(organizations).set({ joinKey: newJoinKey() }).where(eq(organizations.id, orgId)).returning();
    if (!updated) throw notFound('Organization not found');
    const cancelled = await tx
      .update(joinRequests)
      .set({ status: 'cancelled', decidedBy: caller.id, decidedAt: ctx.now() })
      .where(and(eq(joinRequests.organizationId, orgId), eq(joinRequests.status, 'pending')))
      .returning({ id: joinRequests.id });
    await writeAudit(tx, {
      actorId: caller.id,
      organizationId: orgId,
      action: 'organization.join_link_rotate',
      targetType: 'organization',
      targetId: orgId,
      before: null,
      after: { cancelledJoinRequests: cancelled.length },
    });
    return { joinLink: toJoinLinkDto(updated), cancelledRequests: cancelled.length };
  });
}

/**
 * Approve (the requester becomes a team member) or decline a pending request of the caller's own
 * organization; 404 for any other. Audit-logged; the requester is told by e-mail on approval.
 */
export async function decideJoinRequest(
  ctx: CallerContext,
  organizationId: string,
  requestId: string,
  decision: 'approved' | 'declined',
): Promise<{ request: JoinRequestDto; profile?: Caller }> {
  const { caller } = ctx;
  const org = await findOrganization(ctx, organizationId);
  if (!org) throw notFound('Organization not found'); // a suspended one: the routes' requireWritable refuses first
  const decided = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(joinRequests)
      .set({ status: decision, decidedBy: caller.id, decidedAt: ctx.now() })
      .where(and(eq(joinRequests.id, requestId), eq(joinRequests.organizationId, organizationId), eq(joinRequests.status, 'pending')))
      .returning();
    if (!row) throw notFound('Join request not found');
    if (decision === 'approved') {
      const person = { userId: row.userId, email: row.email, firstName: row.firstName, lastName: row.lastName };
      // Removed since asking (or the address was): only an invitation brings them back.
      if (await wasRemoved(tx as unknown as Db, organizationId, person)) throw forbidden(MSG.joinRemovedMember);
      await addMember({ db: tx as unknown as Db }, person, organizationId, 'team_member').catch((err: unknown) => {
        if (err instanceof AppError && err.status === 409) throw conflict(`${row.email} already belongs to an organization`);
        throw err;
      });
    }
    await writeAudit(tx, {
      actorId: caller.id,
      organizationId,
      action: decision === 'approved' ? 'join_request.approve' : 'join_request.decline',
      targetType: 'user',
      targetId: row.userId,
      before: { email: row.email, status: 'pending' },
      after: { status: decision },
    });
    return row;
  });
  if (decision === 'declined') return { request: toJoinRequestDto(decided) };
  await sendMail(ctx, approvedMail(ctx, org.name, decided), { joinRequestId: decided.id });
  return { request: toJoinRequestDto(decided), profile: (await findProfile(ctx, decided.userId))! };
}

// ---------- mail ----------

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();
const appLink = (ctx: Pick<ServiceContext, 'env'>, path: string) => `${ctx.env.APP_URL.replace(/\/+$/, '')}${path}`;

async function sendMail(ctx: ServiceContext, mail: MailMessage, context: Record<string, string>): Promise<void> {
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    // The request or decision stands; the organization page shows it either way.
    ctx.logger.warn('join request e-mail failed', { ...context, error: String(err) });
  }
}

/**
 * Mails the organization's active org_admins about a new join request: from the join link, or
 * (`via: 'sso'`) from a first single sign-on of an organization that asks before admitting (ADR 043).
 */
export async function notifyAdmins(ctx: ServiceContext, org: Pick<OrganizationRow, 'id' | 'name'>, request: JoinRequestRow, via: 'link' | 'sso' = 'link'): Promise<void> {
  const admins = await ctx.db
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.organizationId, org.id), eq(profiles.role, 'org_admin'), eq(profiles.status, 'active')));
  const name = oneLine(fullName(request.firstName, request.lastName));
  const link = appLink(ctx, '/organization');
  const flagged = resemblesRemoved(await removedMembers(ctx.db, org.id), request);
  for (const admin of admins) {
    await sendMail(
      ctx,
      {
        to: admin.email,
        subject: oneLine(`${name} asks to join ${org.name} on ${PRODUCT_NAME}`),
        text: [
          `Hello,`,
          ``,
          via === 'sso'
            ? `${name} (${request.email}) signed in through your organization's single sign-on and asks to join ${org.name} on ${PRODUCT_NAME}.`
            : `${name} (${request.email}) used your organization's join link and asks to join ${org.name} on ${PRODUCT_NAME}.`,
          ``,
          ...(flagged ? [MSG.joinRequestResemblesRemoved, ``] : []),
          `Approve or decline the request on your Organization page:`,
          link,
          ``,
          `If you do not know this person, decline the request and rotate the join link there.`,
        ].join('\n'),
        links: [link],
      },
      { joinRequestId: request.id },
    );
  }
}

function approvedMail(ctx: ServiceContext, orgName: string, request: JoinRequestRow): MailMessage {
  const link = appLink(ctx, '/login');
  return {
    to: request.email,
    subject: oneLine(`Your request to join ${orgName} on ${PRODUCT_NAME} was approved`),
    text: [`Hello ${oneLine(request.firstName)},`, ``, `You are now a team member of ${orgName} on ${PRODUCT_NAME}. Sign in here:`, link].join('\n'),
    links: [link],
  };
}
