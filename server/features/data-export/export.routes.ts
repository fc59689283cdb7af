// Part of the /api/organization router (server/api/organization.ts): the caller's whole organization as one zip (org_admin only;
// budgeted by RATE_LIMITS.export; audited). Allowed while the organization is suspended: its data
// stays its own to take away (docs/decisions/023-data-export-and-deletion.md).
//   POST /export                 a one-time download link (export.download.ts)
//   GET  /export/download?token= the zip through that link, no bearer: the browser downloads it
//                                natively, streamed to disk with its own progress
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireRole } from '../../lib/caller.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import type { AppEnv, Caller } from '../../lib/factory.ts';
import { rateLimit, RATE_LIMITS } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validator.ts';
import { createExportLink, redeemExportLink } from './export.download.ts';
import { startOrganizationExport } from './export.service.ts';
import { callerContext, serviceContext } from '../../lib/context.ts';

const downloadQuery = z.object({ token: z.string().max(64).optional() });

async function streamExport(c: Context<AppEnv>, caller: Caller) {
  const { zip, fileName } = await startOrganizationExport({ ...serviceContext(c), caller });
  return c.body(Readable.toWeb(zip.output) as unknown as ReadableStream<Uint8Array>, 200, {
    'content-type': 'application/zip',
    'content-disposition': contentDisposition(fileName),
    'cache-control': 'private, no-store',
    // The link's URL holds the token: it is not sent on as a Referer from anything this answer opens.
    'referrer-policy': 'no-referrer',
  });
}

/** POST /export: signed in with a profile (the router's guards), org_admin. */
export const organizationExportRoutes = new Hono<AppEnv>().post('/export', requireRole('org_admin'), rateLimit(RATE_LIMITS.export), async (c) =>
  c.json(await createExportLink(callerContext(c)), 201),
);

/** GET /export/download?token=: no bearer, the one-time token is the authorization. */
export const exportDownloadRoutes = new Hono<AppEnv>().get('/export/download', validate('query', downloadQuery), async (c) =>
  streamExport(c, await redeemExportLink(serviceContext(c), c.req.valid('query').token)),
);
