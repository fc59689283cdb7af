// DELETE /api/admin/organizations/:id against the real app, database and disk evidence store: the
// typed-name check, the role checks, every owned row and stored file of A gone while B's stay,
// the audit row kept with A's name, members signed out, and the scheduler's retry when the
// object store fails at deletion time.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_ORGANIZATION_MISMATCH } from '#domain/contracts/admin.ts';
import { MSG } from '#domain/messages.ts';
import * as schema from '#server/db/schema/index.ts';
import { EMBEDDED_ANON_KEY } from '../config/index.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { signInUser } from '#tests/setup/auth.ts';
import { inviteTokenFor, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { filledOrganization, sha256, type FilledOrg } from '../data-export/data-export.test-helpers.ts';
import { runDueJobs } from '../jobs/index.ts';
import { UPLOAD_URL_SECONDS } from '../evidence/index.ts';
import { purgeDeletedOrganizationFiles } from './admin-organization-delete.service.ts';

describe.each([TEST_DRIVER])('organization deletion (%s)', (driver) => {
  let server: TestServer;
  let dataDir: string;
  let sys: Member;
  let a: FilledOrg;
  let b: FilledOrg;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mvrsp-delete-'));
    server = await createTestServer(driver, { DATA_DIR: dataDir });
    sys = await signInSystemAdmin(server);
    a = await filledOrganization(server, 'Alphadelete Labs', { paid: true, emailTag: 'alphad' });
    b = await filledOrganization(server, 'Betadelete Institute', { paid: false, emailTag: 'betad' });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const del = (orgId: string, confirmation: unknown, token = sys.accessToken) =>
    server.json('DELETE', `/api/admin/organizations/${orgId}`, { confirmation }, token);

  /** Rows each organization owns, table by table (directly or through its assessments). */
  async function owned(org: FilledOrg): Promise<Record<string, number>> {
    const db = server.deps.db;
    const s = schema;
    const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
    const runs = (await db.select({ id: s.assessments.id }).from(s.assessments).where(eq(s.assessments.organizationId, org.orgId))).map((r) => r.id);
    const byRun = async (table: typeof s.responseHistory | typeof s.assessmentQuestions) =>
      runs.length ? n(db.select({ n: count() }).from(table).where(inArray(table.assessmentId, runs))) : 0;
    return {
      organizations: await n(db.select({ n: count() }).from(s.organizations).where(eq(s.organizations.id, org.orgId))),
      profiles: await n(db.select({ n: count() }).from(s.profiles).where(eq(s.profiles.organizationId, org.orgId))),
      invitations: await n(db.select({ n: count() }).from(s.invitations).where(eq(s.invitations.organizationId, org.orgId))),
      assessments: runs.length,
      assessment_questions: await byRun(s.assessmentQuestions),
      responses: await n(db.select({ n: count() }).from(s.responses).where(eq(s.responses.organizationId, org.orgId))),
      response_history: await byRun(s.responseHistory),
      evidence_files: await n(db.select({ n: count() }).from(s.evidenceFiles).where(eq(s.evidenceFiles.organizationId, org.orgId))),
      corrective_actions: await n(db.select({ n: count() }).from(s.correctiveActions).where(eq(s.correctiveActions.organizationId, org.orgId))),
      certifications: await n(db.select({ n: count() }).from(s.certifications).where(eq(s.certifications.organizationId, org.orgId))),
      notifications: await n(db.select({ n: count() }).from(s.notifications).where(eq(s.notifications.organizationId, org.orgId))),
    };
  }

  const storedKeys = async (orgId: string) => {
    const keys: string[] = [];
    for await (const k of server.deps.storage.list(`${orgId}/`)) keys.push(k);
    return keys;
  };

  it('refuses a name that does not match with a message the dialog shows, and deletes nothing', async () => {
    for (const typed of [a.name.toUpperCase(), `${a.name} `, '']) {
      const res = await del(a.orgId, typed);
      expect(res.status, JSON.stringify(typed)).toBe(400);
      expect(res.body.error).toBe(DELETE_ORGANIZATION_MISMATCH);
    }
    expect((await del(a.orgId, undefined)).status).toBe(400);
    expect((await owned(a)).organizations).toBe(1);
  });

  it("is for system admins only: the organization's own org_admin and members get 403", async () => {
    expect((await del(a.orgId, a.name, a.admin.accessToken)).status).toBe(403);
    expect((await del(a.orgId, a.name, a.member.accessToken)).status).toBe(403);
    expect((await del(a.orgId, a.name, b.admin.accessToken)).status).toBe(403);
    expect((await owned(a)).organizations).toBe(1);
  });

  it("refuses deleting the system admin's own organization", async () => {
    const db = server.deps.db;
    await db.update(schema.profiles).set({ organizationId: b.orgId }).where(eq(schema.profiles.id, sys.userId));
    try {
      const res = await del(b.orgId, b.name);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(/organization you belong to/);
    } finally {
      await db.update(schema.profiles).set({ organizationId: null }).where(eq(schema.profiles.id, sys.userId));
    }
  });

  it("answers 404 for an organization that does not exist", async () => {
    const res = await del('00000000-0000-4000-8000-000000000000', 'Anything');
    expect(res.status).toBe(404);
  });

  it("deletes A's rows and stored files, keeps B's, keeps the audit trail and signs A's members out", async () => {
    const bBefore = await owned(b);
    const aBefore = await owned(a);
    for (const table of ['profiles', 'assessments', 'assessment_questions', 'responses', 'response_history', 'evidence_files', 'corrective_actions', 'certifications'] as const) {
      expect(aBefore[table], table).toBeGreaterThan(0);
    }
    expect(await storedKeys(a.orgId)).toHaveLength(1);
    const keysB = await storedKeys(b.orgId);
    expect(keysB).toHaveLength(1);

    const res = await del(a.orgId, a.name);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: `${a.name} and all of its data were deleted`, organization: { id: a.orgId, name: a.name }, files_removed: true });

    expect(Object.values(await owned(a)).every((v) => v === 0), JSON.stringify(await owned(a))).toBe(true);
    expect(await storedKeys(a.orgId)).toEqual([]);
    expect(await owned(b)).toEqual(bBefore);
    expect(await storedKeys(b.orgId)).toEqual(keysB);
    const download = await server.app.request(`/api/evidence/${b.evidenceId}/download`, { headers: { authorization: `Bearer ${b.admin.accessToken}` } });
    expect(download.status).toBe(200);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(b.evidenceBytes));

    const [audit] = await server.deps.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'organization.deleted'));
    expect(audit).toMatchObject({ actorId: sys.userId, targetType: 'organization', targetId: a.orgId, organizationId: null });
    expect(JSON.parse(audit!.before!)).toMatchObject({ name: a.name, members: 2, assessments: 1, evidence_files: 1, certifications: 1 });
    // Older audit rows about A survive too (their organization link is cleared).
    const older = await server.deps.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, a.orgId));
    expect(older.length).toBeGreaterThan(1);

    // The access token is refused (no profile any more) and the refresh token no longer works.
    const profile = await server.json('GET', '/api/auth/profile', undefined, a.member.accessToken);
    expect([401, 403]).toContain(profile.status);
    const refresh = await server.app.request('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: a.member.refreshToken }),
    });
    expect(refresh.status).toBeGreaterThanOrEqual(400);
    // B's members are untouched.
    expect((await server.json('GET', '/api/auth/profile', undefined, b.member.accessToken)).status).toBe(200);
  });

  it('does not bring a deleted organization back: former members who sign in again are refused, not provisioned', async () => {
    // Runs after the deletion above. Both accounts still hold their sign-up metadata at the auth
    // provider (the org_admin's describes a new organization named like the deleted one).
    const db = server.deps.db;
    const orgsBefore = await db.select({ id: schema.organizations.id }).from(schema.organizations);
    for (const former of [a.admin, a.member]) {
      const again = await signInUser(server, former.email, former.password);
      const res = await server.json('GET', '/api/auth/profile', undefined, again.accessToken);
      expect(res.status, former.email).toBe(403);
      expect(res.body).toMatchObject({ error: MSG.organizationDeleted, code: 'organization_deleted' });
      // Finishing sign-up again from the SPA is refused the same way.
      const signup = await server.json('POST', '/api/auth/signup', { firstName: 'Ada', lastName: 'Again', organizationName: a.name }, again.accessToken);
      expect(signup.status).toBe(403);
      expect(signup.body.error).toBe(MSG.organizationDeleted);
    }
    expect(await db.select({ id: schema.organizations.id }).from(schema.organizations)).toEqual(orgsBefore);
    expect(await db.select().from(schema.organizations).where(eq(schema.organizations.name, a.name))).toEqual([]);

    // The system admin's lists: no organization named like A, and A's former members are removed, with no organization.
    const orgs = await server.json('GET', '/api/admin/organizations', undefined, sys.accessToken);
    expect(orgs.status).toBe(200);
    expect(JSON.stringify(orgs.body)).not.toContain(a.name);
    const users = await server.json('GET', '/api/admin/users', undefined, sys.accessToken);
    expect(users.status).toBe(200);
    const former = (users.body.users as { id: string; status: string; organization: unknown }[]).filter((u) => u.id === a.admin.userId || u.id === a.member.userId);
    expect(former).toHaveLength(2);
    for (const u of former) expect(u).toMatchObject({ status: 'removed', organization: null });
  });

  it('lets another organization invite a former member of a deleted organization back in', async () => {
    const invited = await server.json('POST', '/api/auth/invite', { email: a.member.email, organizationId: b.orgId }, b.admin.accessToken);
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const session = await signInUser(server, a.member.email, a.member.password);
    const accepted = await server.json(
      'POST',
      '/api/auth/accept-invite',
      { token: inviteTokenFor(server, a.member.email), firstName: 'Grace', lastName: 'Former', supabaseUserId: session.userId },
      session.accessToken,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const profile = await server.json('GET', '/api/auth/profile', undefined, session.accessToken);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: a.member.userId, role: 'team_member', organization: { id: b.orgId } });
  });

  it('keeps a pending purge when the object store fails, and the scheduled job removes the files later', async () => {
    const c = await filledOrganization(server, 'Gammadelete Trust', { paid: false, emailTag: 'gammad' });
    const real = server.deps.storage;
    server.deps.storage = {
      ...real,
      deletePrefix: async () => {
        throw new Error('object store unavailable');
      },
    };
    try {
      const res = await del(c.orgId, c.name);
      expect(res.status).toBe(200);
      expect(res.body.files_removed).toBe(false);
    } finally {
      server.deps.storage = real;
    }
    expect((await owned(c)).organizations).toBe(0);
    expect(await storedKeys(c.orgId)).toHaveLength(1);
    const marker = await server.deps.db.select().from(schema.scheduledJobs).where(like(schema.scheduledJobs.name, `%${c.orgId}`));
    expect(marker).toHaveLength(1);
    expect(marker[0]!.lastError).toMatch(/object store unavailable/);

    const runs = await runDueJobs(server.deps, new Date(Date.now() + 3600_000));
    expect(runs.find((r) => r.name === 'storage.purge_deleted_organizations')).toEqual({ name: 'storage.purge_deleted_organizations', ok: true, result: 0 });
    expect(await storedKeys(c.orgId)).toEqual([]);
    expect(await server.deps.db.select().from(schema.scheduledJobs).where(like(schema.scheduledJobs.name, `%${c.orgId}`))).toEqual([]);
  });

  it('keeps the purge marker until a purge ran after the upload URLs issued before the deletion expired', async () => {
    const d = await filledOrganization(server, 'Deltadelete Labs', { paid: false, emailTag: 'deltad' });
    const deletedAt = Date.now();
    expect((await del(d.orgId, d.name)).status).toBe(200);
    expect(await storedKeys(d.orgId)).toEqual([]);
    const marker = () => server.deps.db.select().from(schema.scheduledJobs).where(like(schema.scheduledJobs.name, `%${d.orgId}`));
    expect(await marker()).toHaveLength(1);
    // A presigned PUT issued before the deletion lands afterwards, while its URL is still valid.
    const late = `${d.orgId}/${randomUUID()}.upload`;
    await server.deps.storage.put(late, new Uint8Array([1, 2, 3]), 'application/pdf');
    expect(await purgeDeletedOrganizationFiles(server.deps, new Date(deletedAt + 60_000))).toBe(0);
    expect(await storedKeys(d.orgId)).toEqual([]);
    expect(await marker()).toHaveLength(1); // still inside the URL lifetime: kept for one more purge
    await server.deps.storage.put(late, new Uint8Array([1, 2, 3]), 'application/pdf');
    expect(await purgeDeletedOrganizationFiles(server.deps, new Date(deletedAt + (UPLOAD_URL_SECONDS + 60) * 1000))).toBe(0);
    expect(await storedKeys(d.orgId)).toEqual([]);
    expect(await marker()).toEqual([]);
  });
});
