// Child process of scripts/bench/load.ts: the REAL server (buildServer, temp DATA_DIR, silent logs)
// on one loopback port. The parent samples this process's RSS from /proc/<pid>/status. Talks to the
// parent over IPC: {type:'ready', appPort}, the statements one request sends to PostgreSQL
// ('capture-start' / 'capture-stop', postgres.js `debug`), memory detail and the soak's
// verification query.
// argv: [databaseUrl | '', poolMax | '']
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { buildServer } from '#server/compose.ts';
import { openDatabase } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import { rowsOf } from '#server/lib/db-rows.ts';

const databaseUrl = process.argv[2] || undefined;
const poolMax = process.argv[3] ? Number(process.argv[3]) : undefined;
const send = (msg: unknown) => process.send?.(msg);

function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve({ server, port: info.port }));
  });
}

export interface Captured {
  query: string;
  params: unknown[];
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mvrsp-bench-'));
  const env = loadEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    APP_URL: 'http://127.0.0.1',
    // Bench accounts need no mailbox; the loopback client stands in for a proxy so each sign-up's
    // X-Forwarded-For counts as its own visitor for the per-IP throttles.
    AUTH_AUTOCONFIRM: 'true',
    TRUSTED_PROXIES: '127.0.0.1,::1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, AUTH_MFA_KEY: randomBytes(32).toString('base64') } : {}),
  });
  let capture: Captured[] | null = null;
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, 'pgdata'),
    poolMax,
    onQuery: (query, params) => capture?.push({ query, params: [...params] }),
  });
  const built = await buildServer(env, { database });
  const app = await listen(built.app.fetch);

  process.on('message', async (msg: { type: string }) => {
    if (msg.type === 'capture-start') {
      capture = [];
      send({ type: 'capture-start' });
    } else if (msg.type === 'capture-stop') {
      send({ type: 'capture-stop', statements: capture ?? [] });
      capture = null;
    } else if (msg.type === 'memory') {
      send({ type: 'memory', ...process.memoryUsage() });
    } else if (msg.type === 'history') {
      const rows = rowsOf<{ assessment_id: string; question_id: string; version: number; answer: string }>(
        await built.deps.db.execute(sql`select assessment_id, question_id, version, answer from response_history`),
      );
      const current = rowsOf<{ assessment_id: string; question_id: string; version: number; answer: string }>(
        await built.deps.db.execute(sql`select assessment_id, question_id, version, answer from responses`),
      );
      send({ type: 'history', rows, current });
    } else if (msg.type === 'stop') {
      app.server.close();
      await built.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
      send({ type: 'stopped' });
      process.exit(0);
    }
  });
  send({ type: 'ready', appPort: app.port, db: built.deps.dbKind });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
