// /api/auth/*: the server side of sign-up, join by link, invitations and the caller's profile. Three
// guard-free pieces by what they need (server/api/auth.ts declares the guards once): none, a
// verified user (no profile yet), a user with a profile.
import { Hono } from 'hono';
import {
  acceptInviteSchema,
  inviteSchema,
  joinOrganizationSchema,
  signupSchema,
  type JoinOrganizationResponse,
  validateInviteQuerySchema,
  type ValidateInviteResponse,
} from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { notFound } from '../../lib/app-error.ts';
import { requireUser } from '../../lib/auth.ts';
import { factory, type AppEnv } from '../../lib/factory.ts';
import { rateLimit, RATE_LIMITS } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validator.ts';
import { acceptInvite, joinOrganization, signup } from './account.service.ts';
import { findValidInvitation, inviteMember } from './invitation.service.ts';
import { toProfileDto } from './membership.service.ts';
import { callerContext, serviceContext } from '../../lib/context.ts';

/** Verifies a bearer token when one is sent (accept-invite works with or without a session). */
const optionalUser = factory.createMiddleware(async (c, next) => {
  if (c.req.header('authorization')) return requireUser(c, next);
  await next();
});

/** A token that is malformed, unknown, used or expired: one answer for all. */
const invalidInvitation = () => notFound(MSG.invalidInvitation);

/** No session (accept-invite verifies a token when one is sent). */
export const authPublicRoutes = new Hono<AppEnv>()
  .get('/validate-invite', rateLimit(RATE_LIMITS.publicLookup), validate('query', validateInviteQuerySchema, invalidInvitation), async (c) => {
    const found = await findValidInvitation(serviceContext(c), c.req.valid('query').token);
    if (!found) throw invalidInvitation();
    const body: ValidateInviteResponse = {
      organizationName: found.organization.name,
      email: found.invitation.email,
      organizationId: found.organization.id,
    };
    return c.json(body);
  })
  .post('/accept-invite', rateLimit(RATE_LIMITS.publicLookup), optionalUser, validate('json', acceptInviteSchema), async (c) => {
    const profile = await acceptInvite(serviceContext(c), c.req.valid('json'), c.get('user'));
    return c.json({ message: MSG.accountCreatedSignIn, profile: toProfileDto(profile) }, 201);
  });

/** A verified user who may have no profile yet. */
export const authUserRoutes = new Hono<AppEnv>()
  .post('/signup', validate('json', signupSchema), async (c) => {
    const { profile, created } = await signup(serviceContext(c), c.var.user, c.req.valid('json'));
    return c.json({ message: 'Organization created', profile: toProfileDto(profile) }, created ? 201 : 200);
  })
  .post('/join-organization', validate('json', joinOrganizationSchema), async (c) => {
    const outcome = await joinOrganization(serviceContext(c), c.var.user, c.req.valid('json'));
    if (outcome.kind === 'requested') {
      const body: JoinOrganizationResponse = {
        message: MSG.joinRequestSent(outcome.organizationName),
        joinRequest: { status: 'pending', organizationName: outcome.organizationName },
      };
      return c.json(body, 202);
    }
    const { profile, created } = outcome;
    const body: JoinOrganizationResponse = { message: `You joined ${profile.organization?.name ?? 'the organization'}`, profile: toProfileDto(profile) };
    return c.json(body, created ? 201 : 200);
  });

/** A user with a profile. */
export const authRoutes = new Hono<AppEnv>()
  .get('/profile', (c) => c.json(toProfileDto(c.var.caller)))
  .post('/invite', validate('json', inviteSchema), rateLimit(RATE_LIMITS.invite), async (c) => {
    const invitation = await inviteMember(callerContext(c), c.req.valid('json'));
    return c.json({ message: MSG.inviteSent(invitation.email), invitation }, 201);
  });
