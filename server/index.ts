// Entry point: env → db → migrate → seed → serve.
import path from 'node:path';
import { serve } from '@hono/node-server';
import { buildServer } from './compose.ts';
import { EnvError, loadEnv } from './env.ts';
import { appPath } from './lib/app-root.ts';
import { errorForLog } from './lib/logger.ts';

const DIST_DIR = appPath('dist');

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`${err.message}\nSee .env.example for every key.\n`);
      process.exit(1);
    }
    throw err;
  }
  const built = await buildServer(env, { staticDir: DIST_DIR });
  const server = serve({ fetch: built.app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    built.deps.logger.info(`MVRSP Assess listening on http://${env.HOST}:${info.port}`, {
      db: built.deps.dbKind,
      auth: built.deps.tokens.kind,
      mail: built.deps.mailer.kind,
      dataDir: path.resolve(env.DATA_DIR),
    });
  });
  // Reminders, the notification dispatcher and housekeeping (the sync ledger purge): one scheduler,
  // shared with any other instance through the database (server/features/jobs/scheduler.ts).
  built.startJobs();
  const shutdown = () => {
    server.close(() => {
      void built.close().then(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

void main().catch((err: unknown) => {
  process.stderr.write(`Failed to start: ${errorForLog(err)}\n`);
  process.exit(1);
});
