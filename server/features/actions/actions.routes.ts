// The organization's corrective action plan across assessments (ADR 019): GET /api/actions (filters),
// GET /api/actions.xlsx (the same filters, as a spreadsheet) and PATCH /api/actions/:actionId.
// Members of the organization only; part of the paid detailed report (403 payment_required until
// payment is verified, docs/decisions/012-results-line-and-public-content.md). Full paths: the
// spreadsheet's /actions.xlsx is not under /actions/. server/api/actions.ts declares the guards.
import { Hono } from 'hono';
import { updateActionSchema } from '#domain/contracts/assessments.ts';
import { actionPlanQuerySchema } from '#domain/contracts/cycles.ts';
import { eq } from 'drizzle-orm';
import { organizations } from '../../db/schema/index.ts';
import { requireWritable } from '../../lib/caller.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { rateLimit, RATE_LIMITS } from '../../lib/rate-limit.ts';
import { actionParam, validate } from '../../lib/validator.ts';
import { listActionPlan, toActionFilter, updatePlanAction } from './actions.service.ts';
import { actionPlanFileName, renderActionPlanXlsx, XLSX_CONTENT_TYPE } from './actions.xlsx.ts';
import { callerContext } from '../../lib/context.ts';

const STATUS_WORDS = { open: 'open and in progress', closed: 'closed', all: 'every status' } as const;

export const actionsRoutes = new Hono<AppEnv>()
  .get('/actions', validate('query', actionPlanQuerySchema), async (c) => {
    const ctx = callerContext(c);
    const { caller } = ctx;
    const scope = { organizationId: caller.organizationId, now: ctx.now(), checkoutUrl: ctx.env.CHECKOUT_URL };
    return c.json(await listActionPlan(ctx, scope, toActionFilter(c.req.valid('query'))), 200);
  })
  .get('/actions.xlsx', rateLimit(RATE_LIMITS.reportFile), validate('query', actionPlanQuerySchema), async (c) => {
    const ctx = callerContext(c);
    const { caller } = ctx;
    const now = ctx.now();
    const query = c.req.valid('query');
    const view = await listActionPlan(ctx, { organizationId: caller.organizationId, now, checkoutUrl: ctx.env.CHECKOUT_URL }, toActionFilter(query));
    const [org] = caller.organizationId
      ? await ctx.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, caller.organizationId))
      : [];
    const organizationName = org?.name ?? 'Organization';
    const filters = [
      `Status: ${STATUS_WORDS[query.status]}`,
      query.ownerId ? `owner ${view.items.find((i) => i.owner_id === query.ownerId?.toLowerCase())?.owner_name ?? 'with no actions here'}` : null,
      query.domainId ? `domain ${view.items.find((i) => i.domain_id === query.domainId)?.domain_name ?? query.domainId}` : null,
      query.overdue === 'true' ? 'overdue only' : query.overdue === 'false' ? 'not overdue' : null,
    ].filter(Boolean);
    const bytes = await renderActionPlanXlsx({ organizationName, generatedAt: now, filterLine: `Filter: ${filters.join(', ')} (${view.items.length} actions)`, items: view.items });
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': contentDisposition(actionPlanFileName(organizationName, now)),
      'cache-control': 'private, no-store',
    });
  })
  .patch('/actions/:actionId', requireWritable, validate('param', actionParam), validate('json', updateActionSchema), async (c) => {
    const ctx = callerContext(c);
    const { caller } = ctx;
    const scope = {
      organizationId: caller.organizationId,
      actionId: c.req.valid('param').actionId,
      userId: caller.id,
      now: ctx.now(),
      checkoutUrl: ctx.env.CHECKOUT_URL,
      appUrl: ctx.env.APP_URL,
    };
    return c.json(await updatePlanAction(ctx, scope, c.req.valid('json')), 200);
  });
