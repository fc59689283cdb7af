// npm run bench:scale — the platform-wide admin calls at two platform sizes (TEST_DATABASE_URL, a
// PostgreSQL server). For each size a fresh database is created, migrated, given the question bank
// (buildServer) and seeded with scale-seed.ts; every case in SCALE_CASES is then timed in process
// through the real Hono app (app.request: no network) and its p95 reported per size, with the
// ratio large/small (the sizes take turns, run by run). A case is a name and a run; add one to
// SCALE_CASES to measure it too. Besides the admin calls: one scheduler pass and one deletion.
//   SCALE_SIZES=10,2000 (default)  SCALE_ITERATIONS=60 (default)
import { sql } from 'drizzle-orm';
import { buildServer } from '#server/compose.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { jsonRequester, memoryMailer } from '#tests/setup/app.ts';
import { createPostgresDatabase } from '#tests/setup/db.ts';
import { TEST_ADMIN, testEnv } from '#tests/setup/test-env.ts';
import { seedScale } from './scale-seed.ts';
import { measureSchedulerPass, type SchedulerPass } from './scheduler-pass.ts';

/** The last scheduler pass measured at each platform size (printed with its jobs after the table). */
const passes = new Map<number, SchedulerPass>();
import type { Database } from '#server/db/client.ts';

type Json = ReturnType<typeof jsonRequester>;

export interface ScaleContext {
  json: Json;
  token: string;
  databaseUrl: string;
  database: Database;
  organizations: number;
  /** Cursors of a page near the end of a list (after ~90 % of its rows). */
  late: { organizations: string; audit: string };
  /** Seeded organizations the deletion case may delete, one per run. */
  deletable: { id: string; name: string }[];
}

export interface ScaleCase {
  name: string;
  /** Runs measured (default SCALE_ITERATIONS); warm-up runs are not counted. */
  iterations?: number;
  warmup?: number;
  /** One run; a number it returns is the run's own measured time in ms (else the whole call is timed). */
  run: (ctx: ScaleContext, i: number) => Promise<void | number>;
}

async function ok(json: Json, token: string, method: string, path: string, body?: unknown) {
  const res = await json(method, path, body, token);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
}
const get = (path: string) => (ctx: ScaleContext) => ok(ctx.json, ctx.token, 'GET', path).then(() => undefined);

// Lists are read 10 rows a page, so both sizes return full pages and the ratio shows the cost of
// the platform's size, not of a longer page (a 10-organization platform has only 10 organizations).
export const SCALE_CASES: ScaleCase[] = [
  { name: 'GET /api/admin/overview', run: get('/api/admin/overview') },
  { name: 'GET /api/admin/organizations (first page)', run: get('/api/admin/organizations?limit=10') },
  { name: 'GET /api/admin/organizations (late page)', run: (ctx) => get(`/api/admin/organizations?limit=10&cursor=${ctx.late.organizations}`)(ctx) },
  { name: 'GET /api/admin/organizations?q= (search, 1 match)', run: get('/api/admin/organizations?limit=10&q=scale%20lab%20000001') },
  { name: 'GET /api/admin/assessments', run: get('/api/admin/assessments?limit=10') },
  { name: 'GET /api/admin/users', run: get('/api/admin/users?limit=10') },
  { name: 'GET /api/admin/users?q= (search, 1 match)', run: get('/api/admin/users?limit=10&q=user3%40scale7.') },
  { name: 'GET /api/admin/audit-log (late page)', run: (ctx) => get(`/api/admin/audit-log?limit=10&cursor=${ctx.late.audit}`)(ctx) },
  { name: 'GET /api/admin/audit-log?q= (search, one organization)', run: get('/api/admin/audit-log?limit=10&q=scale%20lab%20000001') },
  { name: 'GET /api/admin/audit-log?q= (broad search, 20 % of rows)', run: get('/api/admin/audit-log?limit=10&q=subscription.') },
  {
    // Every job of the scheduler, due at once over the seeded platform (scheduler-pass.ts; the queued
    // notifications are cleared first, so each run does a whole day's reminders).
    name: 'one scheduler pass (every job due)',
    iterations: 5,
    warmup: 1,
    run: async (ctx) => {
      const pass = await measureSchedulerPass(ctx.database);
      passes.set(ctx.organizations, pass);
      return pass.ms;
    },
  },
  {
    // The floor under the pass: the same reminders written by one bulk INSERT of notification rows
    // (the least any scheduler must do to queue them), in the same database, then removed again.
    name: 'floor: one INSERT of the pass\'s reminders',
    iterations: 5,
    warmup: 1,
    run: async (ctx) => {
      const queued = passes.get(ctx.organizations)?.queued ?? 0;
      const t = performance.now();
      await ctx.database.db.execute(sql`
        insert into notifications (dedupe_key, organization_id, recipient_email, kind, subject, body)
        select 'floor:' || g, null, 'floor' || g || '@bench.example', 'action_due', 'Subject', repeat('x', 600) from generate_series(1, ${queued}) g`);
      const ms = performance.now() - t;
      await ctx.database.db.execute(sql`delete from notifications where dedupe_key like 'floor:%'`);
      return ms;
    },
  },
  {
    name: 'DELETE /api/admin/organizations/{id}',
    iterations: 8,
    warmup: 0,
    run: async (ctx, i) => {
      const org = ctx.deletable[i];
      if (!org) throw new Error('no organization left to delete');
      await ok(ctx.json, ctx.token, 'DELETE', `/api/admin/organizations/${org.id}`, { confirmation: org.name });
    },
  },
];

const ITERATIONS = Number(process.env.SCALE_ITERATIONS ?? 60);
/** SCALE_ONLY=regex: only the cases whose name matches (the deletion case needs its own organizations). */
const ONLY = process.env.SCALE_ONLY ? new RegExp(process.env.SCALE_ONLY, 'i') : null;
const SIZES = (process.env.SCALE_SIZES ?? '10,2000').split(',').map(Number);

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))]!;
};

/**
 * A cursor ~90 % of the way through a list with at least one full page (10 rows) after it, found
 * by following next_cursor. A list of fewer than 20 rows has no such page: the first page then.
 */
async function lateCursor(json: Json, token: string, path: string, key: string): Promise<string> {
  const after: { cursor: string; seen: number }[] = [];
  let cursor: string | null = null;
  let seen = 0;
  do {
    const body: { next_cursor: string | null } & Record<string, unknown> = await ok(json, token, 'GET', `${path}?limit=10${cursor ? `&cursor=${cursor}` : ''}`.replace('limit=10', `limit=${seen > 200 ? 100 : 10}`));
    const rows = body[key];
    if (!Array.isArray(rows)) throw new Error(`${path}: no ${key}`);
    seen += rows.length;
    cursor = body.next_cursor;
    if (cursor) after.push({ cursor, seen });
  } while (cursor);
  const fit = after.filter((c) => seen - c.seen >= 10);
  return fit.find((c) => c.seen >= seen * 0.9)?.cursor ?? fit[fit.length - 1]?.cursor ?? '';
}

/** A fresh database of `organizations` seeded organizations behind a real app, ready for the cases. */
export async function prepareSize(organizations: number): Promise<{ ctx: ScaleContext; seed: Awaited<ReturnType<typeof seedScale>>; close: () => Promise<void> }> {
  const db = await createPostgresDatabase(`mvrsp_bench_scale_${organizations}`);
  const database = await openDatabase({ databaseUrl: db.url });
  await migrateDatabase(database);
  const built = await buildServer(testEnv(), { database, mailer: memoryMailer() });
  const close = async () => {
    await built.close().catch(() => {});
    await database.close().catch(() => {});
    await db.drop();
  };
  try {
    const seed = await seedScale(db.url, { organizations });
    const json = jsonRequester(built.app);
    const signIn = await json('POST', '/auth/v1/token?grant_type=password', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    const token = signIn.body?.access_token as string;
    if (!token) throw new Error(`sign-in failed: ${signIn.status}`);
    const deletable = (await ok(json, token, 'GET', '/api/admin/organizations?q=scale&limit=20')).organizations as { id: string; name: string }[];
    const late = { organizations: await lateCursor(json, token, '/api/admin/organizations', 'organizations'), audit: await lateCursor(json, token, '/api/admin/audit-log', 'items') };
    return { ctx: { json, token, databaseUrl: db.url, database, organizations, late, deletable }, seed, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Times every case at every size. The sizes take turns run by run, so a busy moment of the
 * machine lands on both instead of skewing the ratio.
 */
export async function measure(contexts: ScaleContext[], cases: ScaleCase[] = SCALE_CASES): Promise<Map<string, { p95: number; median: number }[]>> {
  const result = new Map<string, { p95: number; median: number }[]>();
  for (const c of cases) {
    const warmup = c.warmup ?? 3;
    const n = c.iterations ?? ITERATIONS;
    const times: number[][] = contexts.map(() => []);
    for (let i = 0; i < warmup + n; i += 1) {
      for (const [k, ctx] of contexts.entries()) {
        const t0 = performance.now();
        const own = await c.run(ctx, i);
        if (i >= warmup) times[k]!.push(typeof own === 'number' ? own : performance.now() - t0);
      }
    }
    result.set(c.name, times.map((t) => ({ p95: quantile(t, 0.95), median: quantile(t, 0.5) })));
  }
  return result;
}

async function main() {
  const prepared = [];
  try {
    for (const size of SIZES) {
      const p = await prepareSize(size);
      prepared.push(p);
      const s = p.seed;
      console.log(`${size} organizations seeded in ${s.seconds.toFixed(1)} s: ${s.organizations} organizations, ${s.profiles} users, ${s.assessments} assessments, ${s.responses} responses`);
    }
    const cases = SCALE_CASES.filter((c) => !ONLY || ONLY.test(c.name));
    const results = await measure(prepared.map((p) => p.ctx), cases);
    const [small, large] = [SIZES[0]!, SIZES[SIZES.length - 1]!];
    console.log(`\n| Case | p95 at ${small} orgs (ms) | p95 at ${large} orgs (ms) | p95 ratio | median ratio |\n|---|---:|---:|---:|---:|`);
    let worst = 0;
    for (const c of cases) {
      const r = results.get(c.name)!;
      const [a, b] = [r[0]!, r[r.length - 1]!];
      worst = Math.max(worst, b.p95 / a.p95);
      console.log(`| ${c.name} | ${a.p95.toFixed(1)} | ${b.p95.toFixed(1)} | ${(b.p95 / a.p95).toFixed(2)} | ${(b.median / a.median).toFixed(2)} |`);
    }
    console.log(`\nWorst p95 ratio ${worst.toFixed(2)} (target: every case within 1.5x).`);
    for (const [size, pass] of passes) {
      const jobs = pass.jobs.map((j) => `${j.name} ${j.ms.toFixed(0)} ms`).join(', ');
      console.log(`Scheduler pass at ${size} organizations: ${pass.ms.toFixed(0)} ms, ${pass.statements} statements, ${pass.queued} reminders queued, ${pass.sent} sent (${jobs})`);
    }
  } finally {
    for (const p of prepared) await p.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
