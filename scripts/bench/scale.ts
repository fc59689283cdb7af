// npm run bench:scale — the platform-wide admin calls at two platform sizes (TEST_DATABASE_URL, a
// PostgreSQL server). For each size a fresh database is created, migrated, given the question bank
// (buildServer) and seeded with scale-seed.ts; every case in SCALE_CASES is then timed in process
// through the real Hono app (app.request: no network) and its p95 reported per size, with the
// ratio large/small. A case is a name and a run; add one to SCALE_CASES to measure it too.
//   SCALE_SIZES=10,2000 (default)  SCALE_ITERATIONS=30 (default)
import { buildServer } from '#server/compose.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { jsonRequester, memoryMailer } from '#tests/setup/app.ts';
import { createPostgresDatabase } from '#tests/setup/db.ts';
import { TEST_ADMIN, testEnv } from '#tests/setup/test-env.ts';
import { seedScale } from './scale-seed.ts';

type Json = ReturnType<typeof jsonRequester>;

export interface ScaleContext {
  json: Json;
  token: string;
  databaseUrl: string;
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
  run: (ctx: ScaleContext, i: number) => Promise<void>;
}

async function ok(json: Json, token: string, method: string, path: string, body?: unknown) {
  const res = await json(method, path, body, token);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
}
const get = (path: string) => (ctx: ScaleContext) => ok(ctx.json, ctx.token, 'GET', path).then(() => undefined);

export const SCALE_CASES: ScaleCase[] = [
  { name: 'GET /api/admin/overview', run: get('/api/admin/overview') },
  { name: 'GET /api/admin/organizations (first page)', run: get('/api/admin/organizations') },
  { name: 'GET /api/admin/organizations (late page)', run: (ctx) => get(`/api/admin/organizations?cursor=${ctx.late.organizations}`)(ctx) },
  { name: 'GET /api/admin/organizations?q= (search)', run: get('/api/admin/organizations?q=scale%20lab%20000') },
  { name: 'GET /api/admin/assessments', run: get('/api/admin/assessments') },
  { name: 'GET /api/admin/users', run: get('/api/admin/users') },
  { name: 'GET /api/admin/users?q= (search)', run: get('/api/admin/users?q=user3%40scale1') },
  { name: 'GET /api/admin/audit-log (late page)', run: (ctx) => get(`/api/admin/audit-log?cursor=${ctx.late.audit}`)(ctx) },
  { name: 'GET /api/admin/audit-log?q= (search)', run: get('/api/admin/audit-log?q=subscription.') },
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

const ITERATIONS = Number(process.env.SCALE_ITERATIONS ?? 30);
const SIZES = (process.env.SCALE_SIZES ?? '10,2000').split(',').map(Number);

const p95 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

/** The cursor after ~90 % of a list, found by following next_cursor (limit 100). */
async function lateCursor(json: Json, token: string, path: string, key: string): Promise<string> {
  const pages: string[] = [];
  let cursor: string | null = null;
  do {
    const body: { next_cursor: string | null } & Record<string, unknown> = await ok(json, token, 'GET', `${path}?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    if (!Array.isArray(body[key])) throw new Error(`${path}: no ${key}`);
    cursor = body.next_cursor;
    if (cursor) pages.push(cursor);
  } while (cursor);
  return pages[Math.floor(pages.length * 0.9)] ?? pages[pages.length - 1] ?? '';
}

export async function measureSize(organizations: number, cases: ScaleCase[] = SCALE_CASES): Promise<{ seed: Awaited<ReturnType<typeof seedScale>>; p95: Map<string, number> }> {
  const db = await createPostgresDatabase(`mvrsp_bench_scale_${organizations}`);
  const database = await openDatabase({ databaseUrl: db.url });
  try {
    await migrateDatabase(database);
    const built = await buildServer(testEnv(), { database, mailer: memoryMailer() });
    try {
      const seed = await seedScale(db.url, { organizations });
      const json = jsonRequester(built.app);
      const signIn = await json('POST', '/auth/v1/token?grant_type=password', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
      const token = signIn.body?.access_token as string;
      if (!token) throw new Error(`sign-in failed: ${signIn.status}`);
      const deletable = (await ok(json, token, 'GET', '/api/admin/organizations?q=scale&limit=8')).organizations as { id: string; name: string }[];
      const ctx: ScaleContext = {
        json,
        token,
        databaseUrl: db.url,
        organizations,
        late: { organizations: await lateCursor(json, token, '/api/admin/organizations', 'organizations'), audit: await lateCursor(json, token, '/api/admin/audit-log', 'items') },
        deletable,
      };
      const result = new Map<string, number>();
      for (const c of cases) {
        const warmup = c.warmup ?? 3;
        const n = c.iterations ?? ITERATIONS;
        const times: number[] = [];
        for (let i = 0; i < warmup + n; i += 1) {
          const t0 = performance.now();
          await c.run(ctx, i);
          if (i >= warmup) times.push(performance.now() - t0);
        }
        result.set(c.name, p95(times));
      }
      return { seed, p95: result };
    } finally {
      await built.close();
    }
  } finally {
    await database.close().catch(() => {});
    await db.drop();
  }
}

async function main() {
  const runs = [];
  for (const size of SIZES) {
    const run = await measureSize(size);
    const s = run.seed;
    console.log(`${size} organizations seeded in ${s.seconds.toFixed(1)} s: ${s.profiles} users, ${s.assessments} assessments, ${s.responses} responses`);
    runs.push({ size, ...run });
  }
  const [small, large] = [runs[0]!, runs[runs.length - 1]!];
  console.log(`\n| Case | p95 at ${small.size} orgs (ms) | p95 at ${large.size} orgs (ms) | ratio |\n|---|---:|---:|---:|`);
  let worst = 0;
  for (const c of SCALE_CASES) {
    const a = small.p95.get(c.name)!;
    const b = large.p95.get(c.name)!;
    worst = Math.max(worst, b / a);
    console.log(`| ${c.name} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(2)} |`);
  }
  console.log(`\nWorst ratio ${worst.toFixed(2)} (target: every case within 1.5x).`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
