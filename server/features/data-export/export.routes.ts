// Mounted at /api/organization: GET /export, the caller's whole organization as one zip
// (org_admin only; budgeted by RATE_LIMITS.export; audited). Allowed while the organization is
// suspended: its data stays its own to take away (docs/decisions/023-data-export-and-deletion.md).
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { requireUser } from '../../lib/auth.ts';
import { requireRole } from '../../lib/caller.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { rateLimit, RATE_LIMITS } from '../../lib/rate-limit.ts';
import { requireProfile } from '../accounts/index.ts';
import { startOrganizationExport } from './export.service.ts';

export const organizationExportRoutes = new Hono<AppEnv>().get('/export', requireUser, requireProfile, requireRole('org_admin'), rateLimit(RATE_LIMITS.export), async (c) => {
  const { zip, fileName } = await startOrganizationExport(c.var.deps, c.var.caller);
  return c.body(Readable.toWeb(zip.output) as unknown as ReadableStream<Uint8Array>, 200, {
    'content-type': 'application/zip',
    'content-disposition': contentDisposition(fileName),
    'cache-control': 'private, no-store',
  });
});
