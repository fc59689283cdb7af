// `node --import tsx scripts/bench/scheduler-pass.ts [-- --orgs 1,100,2000,20000]`
// How long one scheduler pass takes (every job of server/features/jobs/scheduler.ts JOBS due at once,
// the reminder producers and the dispatcher included) as the organization count grows, on a
// throwaway loopback PostgreSQL database (mvrsp_sched_bench, dropped after). Every organization has
// a reminder of every kind due (organizationWithEverythingDue, copied set-based by
// cloneOrganization). measureSchedulerPass is what other benchmarks (scripts/bench/scale.ts) call.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildServer } from '#server/compose.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { postgres } from '#server/db/postgres-driver.ts';
import { notifications, organizations, scheduledJobs } from '#server/db/schema/index.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { JOBS, runDueJobs, type JobDef } from '#server/features/jobs/index.ts';
import { organizationWithEverythingDue } from '#server/features/jobs/jobs.test-helpers.ts';
import { loadEnv } from '#server/env.ts';
import type { Mailer } from '#server/lib/mailer.ts';
import { cloneOrganization } from '#tests/setup/clone-organization.ts';
import { countingDb } from '#tests/setup/counting-db.ts';
import { memoryMailer, type TestServer } from '#tests/setup/app.ts';

/** The day every seeded reminder is due (organizationWithEverythingDue). */
export const PASS_DAY = new Date('2026-07-01T08:00:00Z');
const SEED_CLOCK = new Date('2026-03-02T12:00:00Z');

const benchEnv = (databaseUrl?: string) =>
  loadEnv({
    NODE_ENV: 'test',
    PORT: '3999',
    APP_URL: 'http://localhost:3999',
    DATA_DIR: './node_modules/.tmp/bench-scheduler',
    ADMIN_EMAIL: 'admin@bench.local',
    ADMIN_PASSWORD: 'Bench-admin-password-1234',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });

/** Accepts every message and keeps none (the pass's dispatcher sends to it). */
const discardMailer = (): Mailer & { count: number } => {
  const m = { kind: 'outbox' as const, count: 0, send: async () => void m.count++ };
  return m;
};

export interface SchedulerPass {
  /** Active organizations. */
  organizations: number;
  /** Wall time of the whole pass. */
  ms: number;
  /** Statements the pass sent. */
  statements: number;
  /** Notifications the reminder jobs queued. */
  queued: number;
  /** Messages the dispatcher handed to the mailer (at most DISPATCH_BATCH a run). */
  sent: number;
  jobs: { name: string; ms: number; ok: boolean }[];
}

/**
 * One scheduler pass on `database` at `now` (PASS_DAY by default) with every job due: the queued
 * notifications are removed first, so the pass does a day's full work. Nothing else is changed.
 */
export async function measureSchedulerPass(database: Database, now: Date = PASS_DAY): Promise<SchedulerPass> {
  const mailer = discardMailer();
  const built = await buildServer(benchEnv(database.url), { database, mailer, now: () => now });
  try {
    const db = database.db;
    await db.delete(notifications);
    await db.update(scheduledJobs).set({ nextRunAt: new Date(now.getTime() - 1) });
    const [active] = await db.select({ n: sql<number>`count(*)::int` }).from(organizations).where(sql`${organizations.status} = 'active'`);
    const counting = countingDb(database);
    const jobs: SchedulerPass['jobs'] = [];
    const timed: JobDef[] = JOBS.map((job) => ({
      ...job,
      run: async (deps, at) => {
        const t = performance.now();
        try {
          const result = await job.run(deps, at);
          jobs.push({ name: job.name, ms: performance.now() - t, ok: true });
          return result;
        } catch (err) {
          jobs.push({ name: job.name, ms: performance.now() - t, ok: false });
          throw err;
        }
      },
    }));
    const t0 = performance.now();
    const runs = await runDueJobs({ ...built.deps, db: counting.db }, now, timed);
    const ms = performance.now() - t0;
    const queued = runs.filter((r) => r.name.startsWith('reminders.')).reduce((n, r) => n + (typeof r.result === 'number' ? r.result : 0), 0);
    return { organizations: active?.n ?? 0, ms, statements: counting.count(), queued, sent: mailer.count, jobs };
  } finally {
    await built.close();
  }
}

/**
 * Makes the database hold `count` active organizations with every reminder due on PASS_DAY: the
 * first through the API (organizationWithEverythingDue), the rest copied from it set-based. Call
 * again with a larger count to add copies. Returns the template organization's id.
 */
export async function seedSchedulerOrganizations(database: Database, count: number, template?: string): Promise<string> {
  const db = database.db;
  let id = template;
  if (!id) {
    const mailer = memoryMailer(); // the sign-up fixtures read their confirmation links from it
    const built = await buildServer(benchEnv(database.url), { database, mailer, now: () => SEED_CLOCK });
    const json: TestServer['json'] = async (method, path, body, token) => {
      const headers: Record<string, string> = { apikey: EMBEDDED_ANON_KEY };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await built.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, headers: res.headers };
    };
    try {
      id = await organizationWithEverythingDue({ ...built, mail: mailer.sent, json });
    } finally {
      await built.close();
    }
  }
  const [active] = await db.select({ n: sql<number>`count(*)::int` }).from(organizations).where(sql`${organizations.status} = 'active'`);
  const missing = count - (active?.n ?? 0);
  if (missing > 0) await cloneOrganization(db, id, missing);
  return id;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const { values: args } = parseArgs({
    options: {
      orgs: { type: 'string', default: '1,100,2000' },
      'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    },
  });
  const counts = args.orgs.split(',').map(Number).sort((a, b) => a - b);
  const adminUrl = args['pg-url'];
  if (!/@(127\.0\.0\.1|localhost)[:/]/.test(adminUrl)) throw new Error('scheduler-pass runs against a loopback PostgreSQL only');
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = 'mvrsp_sched_bench';
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    let template: string | undefined;
    console.log('| Active organizations | Pass | Reminder jobs | Dispatch | Statements | Queued | Sent | Slowest job |\n|---|---|---|---|---|---|---|---|');
    for (const count of counts) {
      template = await seedSchedulerOrganizations(database, count, template);
      await database.db.execute(sql`analyze`);
      const pass = await measureSchedulerPass(database);
      const slowest = [...pass.jobs].sort((a, b) => b.ms - a.ms)[0];
      const ms = (prefix: string) => `${pass.jobs.filter((j) => j.name.startsWith(prefix)).reduce((n, j) => n + j.ms, 0).toFixed(0)} ms`;
      console.log(`| ${pass.organizations} | ${pass.ms.toFixed(0)} ms | ${ms('reminders.')} | ${ms('notifications.')} | ${pass.statements} | ${pass.queued} | ${pass.sent} | ${slowest ? `${slowest.name} ${slowest.ms.toFixed(0)} ms` : ''} |`);
    }
  } finally {
    await database.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
