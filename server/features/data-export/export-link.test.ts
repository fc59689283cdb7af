// The organization export's one-time download link (server/features/data-export/export.download.ts):
// made by an org_admin with the bearer token (and the export budget), then fetched without one, as
// a browser download does; bound to that user and organization, single use, short-lived, and
// stored hashed in the database so any instance can redeem it.
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { auditLog, downloadTokens, profiles } from '#server/db/schema/index.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, type Member } from '#tests/isolation/fixtures.ts';
import { exportLink } from './data-export.test-helpers.ts';
import { EXPORT_LINK_TTL_MS, sweepExpiredExportLinks } from './export.download.ts';

describe.each(DB_DRIVERS)('organization export link (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  let member: Member;
  let other: Member;

  beforeAll(async () => {
    server = await createTestServer(driver);
    admin = await createOrgAdmin(server, { organizationName: 'Linkexport Lab', email: 'ada@linkexport.example' });
    member = await joinOrganization(server, admin.organizationId!, { email: 'tess@linkexport.example' });
    other = await createOrgAdmin(server, { organizationName: 'Otherexport Lab', email: 'olga@otherexport.example' });
  }, 120_000);
  afterAll(async () => server?.close());

  const fetchLink = (url: string, init: RequestInit = {}) => server.app.request(url, init);

  it('answers a link the browser downloads once: an attachment zip, no bearer needed, audited', async () => {
    const before = Date.now();
    const link = await exportLink(server, admin.accessToken);
    expect(link.url).toMatch(/^\/api\/organization\/export\/download\?token=[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(link.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + EXPORT_LINK_TTL_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + EXPORT_LINK_TTL_MS);
    // Stored hashed, bound to the user and organization.
    const token = new URL(link.url, 'http://x').searchParams.get('token')!;
    const rows = await server.deps.db.select().from(downloadTokens).where(eq(downloadTokens.userId, admin.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ organizationId: admin.organizationId, kind: 'organization_export', usedAt: null });
    expect(JSON.stringify(rows)).not.toContain(token);

    const res = await fetchLink(link.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mvrsp-export-linkexport-lab-/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const zip = await JSZip.loadAsync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(zip.files)).toContain('manifest.json');
    const audited = await server.deps.db.select().from(auditLog).where(eq(auditLog.action, 'organization.exported'));
    expect(audited.filter((r) => r.targetId === admin.organizationId).map((r) => r.actorId)).toEqual([admin.userId]);

    // Single use: the same link again is refused, with a message the browser tab can show.
    const again = await fetchLink(link.url);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: MSG.exportLinkInvalid, code: 'not_found' });
  });

  it('is redeemed once even when two requests race for it', async () => {
    const { url } = await exportLink(server, admin.accessToken);
    const [a, b] = await Promise.all([fetchLink(url), fetchLink(url)]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);
    await (a.status === 200 ? a : b).arrayBuffer();
  });

  it('stops working when it expires, and the housekeeping sweep deletes it', async () => {
    const { url } = await exportLink(server, other.accessToken);
    await server.deps.db.update(downloadTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(downloadTokens.userId, other.userId));
    expect((await fetchLink(url)).status).toBe(404);
    expect(await sweepExpiredExportLinks(server.deps, new Date())).toBeGreaterThanOrEqual(1);
    expect(await server.deps.db.select().from(downloadTokens).where(eq(downloadTokens.userId, other.userId))).toEqual([]);
  });

  it('is refused when its user is no longer an org_admin or was removed before using it', async () => {
    const { url } = await exportLink(server, other.accessToken);
    await server.deps.db.update(profiles).set({ role: 'team_member' }).where(eq(profiles.id, other.userId));
    const demoted = await fetchLink(url);
    expect(demoted.status).toBe(403);
    await server.deps.db.update(profiles).set({ role: 'org_admin' }).where(eq(profiles.id, other.userId));
    const { url: second } = await exportLink(server, other.accessToken);
    await server.deps.db.update(profiles).set({ status: 'removed' }).where(eq(profiles.id, other.userId));
    const removed = await fetchLink(second);
    expect(removed.status).toBe(403);
    expect(await removed.json()).toMatchObject({ code: 'access_removed' });
  });

  it('is for org_admins only; no, unknown or oversized tokens get a clear 4xx', async () => {
    const res = await server.json('POST', '/api/organization/export', undefined, member.accessToken);
    expect(res.status).toBe(403);
    expect((await server.json('POST', '/api/organization/export')).status).toBe(401);
    expect((await fetchLink('/api/organization/export/download')).status).toBe(404);
    expect((await fetchLink(`/api/organization/export/download?token=${'A'.repeat(43)}`)).status).toBe(404);
    const long = await fetchLink(`/api/organization/export/download?token=${'A'.repeat(5000)}`);
    expect(long.status).toBe(400);
    // The bearer-token download is gone: the zip is only served through a link.
    expect((await server.app.request('/api/organization/export', { headers: { authorization: `Bearer ${admin.accessToken}` } })).status).toBe(404);
  });
});
