// Self-certification records (ADR 019): the organization's chain and signing (/api/certifications),
// the certificate PDF, the certifying official (/api/organization/certifying-official) and the
// public verify lookup (/api/verify/{code}, no session, rate limited per address). The signed-in
// pieces declare no authentication: server/api/certifications.ts and server/api/organization.ts do.
import { Hono } from 'hono';
import { certifyingOfficialSchema, signCertificationSchema } from '#domain/contracts/cycles.ts';
import { requireRole, requireWritable } from '../../lib/caller.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { rateLimit, RATE_LIMITS } from '../../lib/rate-limit.ts';
import { certificationParam, validate } from '../../lib/validator.ts';
import { renderCertificatePdf } from './certificate.pdf.ts';
import { canonicalTextOf, findOwnCertification, listCertifications, setCertifyingOfficial, signCertification, verifyCertification } from './certifications.service.ts';
import { callerContext, serviceContext } from '../../lib/context.ts';

/** The public page a verify code opens (the SPA's /verify/:code). */
export const verifyUrl = (appUrl: string, code: string) => `${appUrl}/verify/${encodeURIComponent(code)}`;

/** /api/certifications/...: signed in with a profile (server/api/certifications.ts). */
export const certificationsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listCertifications(callerContext(c)), 200))
  .post('/', requireWritable, validate('json', signCertificationSchema), async (c) =>
    c.json(await signCertification(callerContext(c), c.req.valid('json')), 201),
  )
  .get('/:id/certificate.pdf', validate('param', certificationParam), rateLimit(RATE_LIMITS.reportFile), async (c) => {
    const ctx = callerContext(c);
    const found = await findOwnCertification(ctx, c.req.valid('param').id);
    const bytes = await renderCertificatePdf(
      { record: found.view, organizationName: found.organizationName, maxScore: found.maxScore, verifyUrl: verifyUrl(ctx.env.APP_URL, found.view.verify_code) },
      { compress: ctx.env.NODE_ENV !== 'test' },
    );
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': 'application/pdf',
      'content-disposition': contentDisposition(`mvrsp-self-certification-${found.view.verify_code}.pdf`),
      'cache-control': 'private, no-store',
    });
  });

/** PUT /api/organization/certifying-official: part of the /api/organization router (server/api/organization.ts). */
export const certifyingOfficialRoutes = new Hono<AppEnv>().put(
  '/certifying-official',
  requireRole('org_admin'),
  requireWritable,
  validate('json', certifyingOfficialSchema),
  async (c) => {
    const official = await setCertifyingOfficial(callerContext(c), c.req.valid('json').userId);
    return c.json({ message: official ? `${official.name} can now sign self-certifications` : 'No certifying official is designated', certifying_official: official }, 200);
  },
);

/**
 * /api/verify/{code} and /api/verify/{code}/canonical.txt: no session; the same 404 for every code
 * that names no record. The text is served byte for byte as signed (UTF-8, no trailing newline),
 * so `curl -s URL | sha256sum` prints the record's SHA-256.
 */
export const verifyRoutes = new Hono<AppEnv>()
  .get('/:code', rateLimit(RATE_LIMITS.publicLookup), async (c) => c.json(await verifyCertification(serviceContext(c), c.req.param('code')), 200))
  .get('/:code/canonical.txt', rateLimit(RATE_LIMITS.publicLookup), async (c) => {
    const found = await canonicalTextOf(serviceContext(c), c.req.param('code'));
    return c.body(new TextEncoder().encode(found.canonical), 200, {
      'content-type': 'text/plain; charset=utf-8',
      // The code is base32 (A-Z, 2-7): nothing to escape in the file name.
      'content-disposition': `inline; filename="mvrsp-self-certification-${found.verifyCode}.txt"`,
      'x-content-type-options': 'nosniff',
    });
  });
