// Child process of scripts/bench/load.ts: the REAL server (buildServer, temp DATA_DIR, silent logs)
// on one loopback port and a bare Hono JSON app on another, in the same process. Talks to the
// parent over IPC: {type:'ready', appPort, barePort}, RSS samples and the soak verification query.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { buildServer } from '#server/compose.ts';
import { loadEnv } from '#server/env.ts';
import { rowsOf } from '#server/lib/db-rows.ts';

const databaseUrl = process.argv[2] || undefined;
const send = (msg: unknown) => process.send?.(msg);

function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve({ server, port: info.port }));
  });
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
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const built = await buildServer(env);
  const bare = new Hono().get('/bench/bare', (c) => c.json({ ok: true }));
  const app = await listen(built.app.fetch);
  const bareSrv = await listen(bare.fetch);

  let peakRss = 0;
  let samples: number[] = [];
  const timer = setInterval(() => {
    const rss = process.memoryUsage().rss;
    samples.push(rss);
    peakRss = Math.max(peakRss, rss);
  }, 250);

  process.on('message', async (msg: { type: string }) => {
    if (msg.type === 'rss-reset') {
      samples = [];
      peakRss = process.memoryUsage().rss;
      send({ type: 'rss-reset' });
    } else if (msg.type === 'rss') {
      const mean = samples.length ? samples.reduce((a, b) => a + b, 0) / samples.length : process.memoryUsage().rss;
      send({ type: 'rss', peak: peakRss, mean, samples: samples.length });
    } else if (msg.type === 'history') {
      const rows = rowsOf<{ assessment_id: string; question_id: string; version: number; answer: string }>(
        await built.deps.db.execute(sql`select assessment_id, question_id, version, answer from response_history`),
      );
      const current = rowsOf<{ assessment_id: string; question_id: string; version: number; answer: string }>(
        await built.deps.db.execute(sql`select assessment_id, question_id, version, answer from responses`),
      );
      send({ type: 'history', rows, current });
    } else if (msg.type === 'stop') {
      clearInterval(timer);
      app.server.close();
      bareSrv.server.close();
      await built.close();
      await rm(dataDir, { recursive: true, force: true });
      send({ type: 'stopped' });
      process.exit(0);
    }
  });
  send({ type: 'ready', appPort: app.port, barePort: bareSrv.port, db: built.deps.dbKind });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
