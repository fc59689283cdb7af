// POST /api/admin/organizations/{id}/subscription (the /api/admin router: system_admin): payment
// verified until paidUntil.
import { Hono } from 'hono';
import { subscriptionSchema } from '#domain/contracts/assessments.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { adminOrganizationParam, validate } from '../../lib/validator.ts';
import { recordSubscription } from './subscription.service.ts';
import { callerContext } from '../../lib/context.ts';

export const subscriptionRoutes = new Hono<AppEnv>().post(
  '/organizations/:id/subscription',
  validate('param', adminOrganizationParam),
  validate('json', subscriptionSchema),
  async (c) => {
    const ctx = callerContext(c);
    const { caller } = ctx;
    const view = await recordSubscription(ctx, {
      organizationId: c.req.valid('param').id,
      paidUntil: new Date(c.req.valid('json').paidUntil),
      verifiedBy: caller.id,
      now: ctx.now(),
    });
    return c.json(view, 200);
  },
);
