// The accounts feature's part of /api/organization (the caller's own organization) and of
// /api/organizations (users of an organization by id). Guard-free pieces: the resource routers in
// server/api/ declare authentication and the profile check once and mount these behind them; a
// role is checked per route where the routes of one resource differ.
import { Hono, type Context } from 'hono';
import {
  applicabilityProfileSchema,
  organizationSecuritySchema,
  publicOrganizationQuerySchema,
  updateOrganizationSchema,
  type OrganizationSecurityResponse,
} from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { MFA_MSG } from '#domain/mfa-messages.ts';
import { SESSION_MSG } from '#domain/session-messages.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { requireRole, requireWritable } from '../../lib/caller.ts';
import { rateLimit, RATE_LIMITS } from '../../lib/rate-limit.ts';
import { invitationParam, joinRequestParam, memberParam, organizationParam, validate } from '../../lib/validator.ts';
import { applicabilityView, saveApplicability } from './applicability.service.ts';
import { resetMemberFactors, setSecurityPolicy } from './mfa-policy.service.ts';
import { cancelInvitation, listPendingInvitations } from './invitation.service.ts';
import { decideJoinRequest, invalidJoinLink, listJoinRequests, publicOrganization, rotateJoinKey } from './join-request.service.ts';
import {
  joinLinkSettings,
  organizationUsers,
  ownOrganizationId,
  removeMember,
  toJoinLinkDto,
  toOrganizationDto,
  updateOrganization,
} from './organization.service.ts';
import { callerContext, orgContext, serviceContext } from '../../lib/context.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { AUDIT_CSV_MAX_ROWS, AUDIT_TRUNCATED_HEADER, organizationAuditQuerySchema } from '#domain/contracts/sessions.ts';
import { organizationAuditCsv, organizationAuditPage } from './organization-audit.service.ts';

const orgAdmin = requireRole('org_admin');

/**
 * The one members list, at both of the product's paths: GET /api/organization/members (the
 * caller's own organization) and GET /api/organizations/{orgId}/users (an organization by id: the
 * caller's own, or any for a system admin; organizationUsers checks the scope).
 */
const membersOf = async (c: Context<AppEnv>, organizationId: string) => c.json(await organizationUsers(callerContext(c), organizationId));

/** GET /api/organization/public/{orgId}: no session (the join page). */
// The id alone reveals nothing: without the link's current key the answer is the same 404.
export const organizationPublicRoutes = new Hono<AppEnv>().get(
  '/public/:orgId',
  rateLimit(RATE_LIMITS.publicLookup),
  validate('param', organizationParam),
  validate('query', publicOrganizationQuerySchema, invalidJoinLink),
  async (c) => c.json(await publicOrganization(serviceContext(c), c.req.valid('param').orgId, c.req.valid('query').key)),
);

/** /api/organization/...: signed in with a profile (server/api/organization.ts). */
export const organizationRoutes = new Hono<AppEnv>()
  .get('/members', async (c) => membersOf(c, ownOrganizationId(c.var.caller)))
  .get('/invitations', orgAdmin, async (c) =>
    c.json(await listPendingInvitations(serviceContext(c), ownOrganizationId(c.var.caller))),
  )
  .put('/update', orgAdmin, requireWritable, validate('json', updateOrganizationSchema), async (c) => {
    const input = c.req.valid('json');
    const organization = await updateOrganization(callerContext(c), input);
    const message = input.name !== undefined ? MSG.orgNameUpdated : 'Organization settings updated';
    return c.json({ message, organization: toOrganizationDto(organization), joinLink: toJoinLinkDto(organization) });
  })
  .get('/applicability', async (c) =>
    c.json(await applicabilityView(serviceContext(c), ownOrganizationId(c.var.caller)), 200),
  )
  .put('/applicability', orgAdmin, requireWritable, validate('json', applicabilityProfileSchema), async (c) =>
    c.json(await saveApplicability(callerContext(c), c.req.valid('json')), 200),
  )
  .get('/join-link', orgAdmin, async (c) =>
    c.json(await joinLinkSettings(serviceContext(c), ownOrganizationId(c.var.caller))),
  )
  .post('/join-link/rotate', orgAdmin, requireWritable, async (c) => {
    const { joinLink, cancelledRequests } = await rotateJoinKey(callerContext(c));
    return c.json({ message: cancelledRequests > 0 ? MSG.joinLinkRotatedCancelled(cancelledRequests) : MSG.joinLinkRotated, joinLink, cancelledRequests });
  })
  .get('/join-requests', orgAdmin, async (c) =>
    c.json(await listJoinRequests(serviceContext(c), ownOrganizationId(c.var.caller))),
  )
  .post('/join-requests/:id/approve', orgAdmin, requireWritable, validate('param', joinRequestParam), async (c) => {
    const ctx = callerContext(c);
    const { caller } = ctx;
    const { request } = await decideJoinRequest(ctx, ownOrganizationId(caller), c.req.valid('param').id, 'approved');
    return c.json({ message: MSG.joinRequestApproved(`${request.first_name} ${request.last_name}`), request });
  })
  .post('/join-requests/:id/decline', orgAdmin, requireWritable, validate('param', joinRequestParam), async (c) => {
    const ctx = callerContext(c);
    const { caller } = ctx;
    const { request } = await decideJoinRequest(ctx, ownOrganizationId(caller), c.req.valid('param').id, 'declined');
    return c.json({ message: MSG.joinRequestDeclinedDone(`${request.first_name} ${request.last_name}`), request });
  })
  .delete('/invitations/:id', orgAdmin, requireWritable, validate('param', invitationParam), async (c) => {
    const ctx = callerContext(c);
    await cancelInvitation(ctx, ownOrganizationId(ctx.caller), c.req.valid('param').id);
    return c.json({ message: MSG.inviteCancelled });
  })
  .delete('/members/:id', orgAdmin, requireWritable, validate('param', memberParam), async (c) => {
    await removeMember(callerContext(c), c.req.valid('param').id);
    return c.json({ message: MSG.memberRemoved });
  })
  // Two-step verification (ADR 040): the policy is read with the profile (organization.requireMfa).
  // Not behind requireWritable: a suspended organization may still tighten or reset sign-in.
  .put('/security', orgAdmin, validate('json', organizationSecuritySchema), async (c) => {
    const input = c.req.valid('json');
    const saved = await setSecurityPolicy(callerContext(c), input, c.var.user.aal);
    const mfaMessage = saved.requireMfa ? MFA_MSG.mfaPolicyOn : MFA_MSG.mfaPolicyOff;
    const body: OrganizationSecurityResponse = {
      message: input.requireMfa !== undefined ? mfaMessage : SESSION_MSG.sessionPolicySaved,
      require_mfa: saved.requireMfa,
      session_idle_minutes: saved.sessionIdleMinutes,
      session_max_hours: saved.sessionMaxHours,
    };
    return c.json(body, 200);
  })
  // The organization's audit log (ADR 042): org_admins, their own organization only.
  .get('/audit-log', orgAdmin, validate('query', organizationAuditQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const ctx = orgContext(callerContext(c));
    if (query.format === 'csv') {
      const { csv, truncated } = await organizationAuditCsv(ctx, query);
      c.header('Cache-Control', 'private, no-store');
      c.header('Content-Disposition', contentDisposition(`audit-log-${ctx.now().toISOString().slice(0, 10)}.csv`));
      if (truncated) c.header(AUDIT_TRUNCATED_HEADER, String(AUDIT_CSV_MAX_ROWS));
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    }
    return c.json(await organizationAuditPage(ctx, query), 200);
  })
  .delete('/members/:id/factors', orgAdmin, validate('param', memberParam), async (c) =>
    c.json(await resetMemberFactors(callerContext(c), c.req.valid('param').id), 200),
  );

/** /api/organizations/... */
export const organizationsRoutes = new Hono<AppEnv>()
  .get('/:orgId/users', validate('param', organizationParam), async (c) =>
    c.json(await organizationUsers(callerContext(c), c.req.valid('param').orgId)),
  );
