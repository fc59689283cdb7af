// Two server processes started at the same moment on one PostgreSQL database (ADR 019): on an empty
// database they migrate and seed once between them; on a database with a reminder already due,
// their schedulers tick at once on start and the reminder is sent once. PostgreSQL is required
// (TEST_DATABASE_URL); without it the harness fails and says so.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { utcDay } from '#domain/dates.ts';
import { loadSigningKeys } from '#server/auth-provider/auth.keys.ts';
import { buildServer } from '#server/compose.ts';
import { openDatabase } from '#server/db/client.ts';
import { MIGRATIONS_DIR, migrateDatabase } from '#server/db/migrate.ts';
import { authSigningKeys, authUsers, domains, evidenceFiles, notifications, profiles, questionnaireVersions, questions, scheduledJobs } from '#server/db/schema/index.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { JOBS } from '#server/features/jobs/index.ts';
import { seedOrg } from '#server/features/sync/sync.test-fixtures.ts';
import { rowsOf } from '#server/lib/db-rows.ts';
import { header } from '#tests/mail/smtp-capture.ts';
import { TEST_ADMIN, testEnv } from '#tests/setup/test-env.ts';
import { freshDatabase, startCluster, type Cluster } from './cluster.ts';

const DAY = 86_400_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a value (bounded); the test then asserts on that value. */
async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await check();
    if (got !== undefined) return got;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.access_token!;
}

describe('two server processes starting together', () => {
  let cluster: Cluster | undefined;
  afterEach(async () => {
    await cluster?.stop();
    cluster = undefined;
  });

  it('migrate and seed an empty database once, share one signing key and log no error', async () => {
    cluster = await startCluster({ instances: 2 });
    const { db } = await cluster.db();

    const migrations = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;
    const applied = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    expect(applied[0]!.n).toBe(migrations);
    expect(await db.select({ n: count() }).from(questionnaireVersions)).toEqual([{ n: 1 }]);
    const codes = await db.select({ code: questions.code }).from(questions);
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes.map((q) => q.code)).size).toBe(codes.length);
    expect((await db.select({ n: count() }).from(domains))[0]!.n).toBeGreaterThan(0);
    expect(await db.select({ email: profiles.email }).from(profiles).where(eq(profiles.role, 'system_admin'))).toEqual([{ email: TEST_ADMIN.email }]);
    expect(await db.select({ n: count() }).from(authUsers).where(eq(authUsers.email, TEST_ADMIN.email))).toEqual([{ n: 1 }]);
    expect(await db.select({ n: count() }).from(authSigningKeys).where(eq(authSigningKeys.active, true))).toEqual([{ n: 1 }]);

    // A session opened on one instance is accepted by the other (and the other way round): by the
    // provider, and by the API, which then asks this aal1 system admin for the second factor
    // (ADR 040; a token it did not accept would be a 401).
    const [a, b] = cluster.instances;
    const tokenA = await signIn(a!.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const tokenB = await signIn(b!.url, TEST_ADMIN.email, TEST_ADMIN.password);
    for (const [url, token] of [[b!.url, tokenA], [a!.url, tokenB]] as const) {
      const user = await fetch(`${url}/auth/v1/user`, { headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${token}` } });
      expect(user.status).toBe(200);
      const res = await fetch(`${url}/api/admin/overview`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code?: string }).code).toBe('mfa_required');
    }
    expect(cluster.errors()).toEqual([]);
  });

  it('create one signing key when many start on an empty key table at once', async () => {
    // In-process, each with its own connection pool: the race of concurrent first starts, many times over.
    const database = await freshDatabase();
    const pools = await Promise.all(Array.from({ length: 6 }, () => openDatabase({ databaseUrl: database.url })));
    try {
      await migrateDatabase(pools[0]!);
      const keys = await Promise.all(pools.map((p) => loadSigningKeys(p.db, 'http://127.0.0.1/auth/v1')));
      expect(await pools[0]!.db.select({ n: count() }).from(authSigningKeys)).toEqual([{ n: 1 }]);
      expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
      // A token any of them signs, every one of them accepts.
      const token = await keys[5]!.sign({ sub: randomUUID() }, new Date());
      for (const k of keys) await expect(k.verify(token, new Date())).resolves.toMatchObject({ aud: 'authenticated' });
    } finally {
      for (const p of pools) await p.close();
      await database.drop();
    }
  });

  it('send a reminder that was due before they started exactly once', async () => {
    // The database is prepared in-process (migrated, seeded, one organization with an attached
    // evidence file that expires in 7 days: the 7-day reminder is due), then both processes start.
    const database = await freshDatabase();
    const prepare = await buildServer(testEnv({ DATABASE_URL: database.url }));
    const org = await seedOrg(prepare.deps.db, 'ReminderLab');
    const expiresOn = utcDay(new Date(Date.now() + 7 * DAY));
    await prepare.deps.db.insert(evidenceFiles).values({
      id: randomUUID(),
      organizationId: org.orgId,
      assessmentId: org.assessmentId,
      questionId: org.questionIds[0]!,
      fileName: 'export-control-plan.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 10,
      sha256: 'e'.repeat(64),
      bytesReceived: 10,
      storageKey: `test/${randomUUID()}`,
      status: 'attached',
      expiresOn,
      uploadedBy: org.userId,
    });
    const [uploader] = await prepare.deps.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, org.userId));
    await prepare.close();

    cluster = await startCluster({ instances: 2, database });
    const { db } = await cluster.db();
    const smtp = cluster.smtp;
    // Both schedulers tick on start; the dispatcher's first run sends what the reminder job queued.
    const sent = await eventually('the reminder e-mail', async () => {
      const rows = await db.select().from(notifications);
      return rows.length > 0 && rows.every((r) => r.status === 'sent') && smtp.messages.length > 0 ? rows : undefined;
    });
    // Every job's first run is finished (so both first ticks are past their claims).
    const jobs = await eventually('every job to finish its first run', async () => {
      const rows = await db.select().from(scheduledJobs);
      return rows.length === JOBS.length && rows.every((r) => r.lastFinishedAt) ? rows : undefined;
    });
    expect(jobs.map((j) => ({ name: j.name, runs: j.runs, error: j.lastError })).sort((x, y) => x.name.localeCompare(y.name))).toEqual(
      JOBS.map((j) => ({ name: j.name, runs: 1, error: null })).sort((x, y) => x.name.localeCompare(y.name)),
    );
    expect(sent.map((r) => ({ key: r.dedupeKey.replace(/:[0-9a-f-]{36}:/, ':<id>:'), to: r.recipientEmail, attempts: r.attempts }))).toEqual([
      { key: `evidence_expiry:<id>:${expiresOn}:7`, to: uploader!.email, attempts: 1 },
    ]);
    expect(smtp.messages.map((m) => m.to)).toEqual([[uploader!.email]]);
    expect(header(smtp.messages[0]!.raw, 'subject')).toBeTruthy();
    expect(await db.select({ n: count() }).from(notifications).where(and(eq(notifications.kind, 'evidence_expiry'), eq(notifications.status, 'sent')))).toEqual([{ n: 1 }]);
    expect(cluster.errors()).toEqual([]);
  });
});
