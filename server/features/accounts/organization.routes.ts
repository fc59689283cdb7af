// /api/organization/* (the caller's own organization) and /api/organizations/:orgId/users.
import { Hono } from 'hono';
import { idParamSchema, orgIdParamSchema, updateOrganizationSchema } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { requireUser } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { requireProfile, requireRole, requireWritable } from '../../lib/profile.ts';
import { rateLimit, RATE_LIMITS } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validator.ts';
import { cancelInvitation, listPendingInvitations } from './invitation.service.ts';
import {
  listMembers,
  organizationUsers,
  ownOrganizationId,
  publicOrganization,
  removeMember,
  toOrganizationDto,
  updateOrganization,
} from './organization.service.ts';

const orgAdmin = requireRole('org_admin');

export const organizationRoutes = new Hono<AppEnv>()
  .get('/organization/public/:orgId', rateLimit(RATE_LIMITS.publicLookup), validate('param', orgIdParamSchema), async (c) =>
    c.json(await publicOrganization(c.var.deps.db, c.req.valid('param').orgId)),
  )
  .get('/organization/members', requireUser, requireProfile, async (c) =>
    c.json(await listMembers(c.var.deps.db, ownOrganizationId(c.var.profile))),
  )
  .get('/organization/invitations', requireUser, requireProfile, orgAdmin, async (c) =>
    c.json(await listPendingInvitations(c.var.deps.db, ownOrganizationId(c.var.profile))),
  )
  .put('/organization/update', requireUser, requireProfile, orgAdmin, requireWritable, validate('json', updateOrganizationSchema), async (c) => {
    const input = c.req.valid('json');
    const organization = await updateOrganization(c.var.deps, c.var.profile, input);
    const message = input.name !== undefined ? MSG.orgNameUpdated : 'Organization settings updated';
    return c.json({ message, organization: toOrganizationDto(organization) });
  })
  .delete('/organization/invitations/:id', requireUser, requireProfile, orgAdmin, requireWritable, validate('param', idParamSchema), async (c) => {
    const { profile, deps } = c.var;
    await cancelInvitation(deps, profile, ownOrganizationId(profile), c.req.valid('param').id);
    return c.json({ message: MSG.inviteCancelled });
  })
  .delete('/organization/members/:id', requireUser, requireProfile, orgAdmin, requireWritable, validate('param', idParamSchema), async (c) => {
    await removeMember(c.var.deps, c.var.profile, c.req.valid('param').id);
    return c.json({ message: MSG.memberRemoved });
  })
  .get('/organizations/:orgId/users', requireUser, requireProfile, validate('param', orgIdParamSchema), async (c) =>
    c.json(await organizationUsers(c.var.deps.db, c.var.profile, c.req.valid('param').orgId)),
  );
