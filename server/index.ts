// Entry point: env → db → migrate → seed → serve; compiled to build/server/index.js for `npm start`
// (scripts/build-server.mjs). Graceful shutdown on SIGTERM/SIGINT, see shutdown() below.
import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { buildServer } from './compose.ts';
import { EnvError, loadEnv } from './env.ts';
import { appPath } from './lib/app-root.ts';
import { createLogger, errorForLog } from './lib/logger.ts';

const DIST_DIR = appPath('dist');
/** How long in-flight requests may take to finish after SIGTERM before their connections are cut. */
const DRAIN_MS = 10_000;

async function main() {
  const started = performance.now();
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      createLogger('error').error('invalid configuration: see .env.example for every key', { issues: err.issues });
      process.exit(1);
    }
    throw err;
  }
  // Process warnings (a deprecation, a dependency's notice about the Node version) become JSON log
  // lines like every other line, instead of Node's plain-text output on stderr.
  const warnings = createLogger(env.LOG_LEVEL);
  process.removeAllListeners('warning');
  process.on('warning', (w) => warnings.warn(w.message.replace(/\s+/g, ' ').trim(), { warning: w.name }));
  const built = await buildServer(env, { staticDir: DIST_DIR });
  const { logger } = built.deps;
  const server = serve({ fetch: built.app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(`MVRSP Assess listening on http://${env.HOST}:${info.port}`, {
      db: built.deps.dbKind,
      auth: built.deps.tokens.kind,
      mail: built.deps.mailer.kind,
      dataDir: path.resolve(env.DATA_DIR),
      startMs: Math.round(performance.now() - started),
    });
  }) as Server;
  // Reminders, the notification dispatcher and housekeeping (the sync ledger purge): one scheduler,
  // shared with any other instance through the database (server/features/jobs/scheduler.ts).
  built.startJobs();

  /**
   * Readiness goes to 503 at once, the listening socket closes (new connections are refused, so a
   * load balancer sends them to another instance), idle keep-alive connections are closed, and
   * requests in flight get up to DRAIN_MS to finish. Then the scheduler stops (a running job ends
   * first), then storage and the database close, and the process exits 0; 1 when the drain had to
   * be cut short or closing failed.
   */
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    built.deps.lifecycle.shuttingDown = true;
    logger.info('shutting down', { signal });
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      logger.warn('requests still running after the drain period; closing their connections', { drainMs: DRAIN_MS });
      server.closeAllConnections();
    }, DRAIN_MS);
    server.close(() => {
      clearTimeout(timer);
      built
        .close()
        .then(() => {
          logger.info('stopped');
          process.exit(forced ? 1 : 0);
        })
        .catch((err: unknown) => {
          logger.error('shutdown failed', { error: errorForLog(err) });
          process.exit(1);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

void main().catch((err: unknown) => {
  createLogger('error').error('failed to start', { error: errorForLog(err) });
  process.exit(1);
});
