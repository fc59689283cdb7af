// Entry point: env → db → migrate → seed → serve.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { buildServer } from './compose.ts';
import { purgeOldMutations } from './features/sync/index.ts';
import { EnvError, loadEnv } from './env.ts';
import { errorForLog } from './lib/logger.ts';

const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

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
  // Housekeeping: the sync ledger's old entries, at start and every six hours.
  const purge = () =>
    purgeOldMutations(built.deps.db, built.deps.now()).then(
      (n) => n > 0 && built.deps.logger.info('purged old sync ledger entries', { count: n }),
      (err: unknown) => built.deps.logger.warn('sync ledger purge failed', { error: errorForLog(err) }),
    );
  void purge();
  setInterval(() => void purge(), 6 * 60 * 60 * 1000).unref();
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
