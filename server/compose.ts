import path from 'node:path';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { createEmbeddedAuth } from './auth-provider/index.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDatabase } from './db/seed.ts';
import type { Env } from './env.ts';
import { createBudgets } from './lib/budgets.ts';
import type { AppDeps, AppEnv, Lifecycle, TokenVerifier } from './lib/factory.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createMetrics } from './lib/metrics.ts';
import { createHostedVerifier } from './lib/hosted-verifier.ts';
import { createObjectStore, type ObjectStore } from './lib/storage/index.ts';
import { queueDepths, startScheduler, type Scheduler } from './features/jobs/index.ts';
import { contextOf } from './lib/context.ts';
import { createSsoHooks } from './features/sso/index.ts';

export interface BuildOptions {
  /** An already-open database (tests share one per worker). */
  database?: Database;
  logger?: Logger;
  mailer?: Mailer;
  /** An evidence store (tests pass one bound to their S3 server); default from env. */
  storage?: ObjectStore;
  staticDir?: string;
  now?: () => Date;
}

export interface BuiltServer {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  database: Database;
  /**
   * Starts the one scheduler (server/features/jobs/scheduler.ts): reminders, the notification
   * dispatcher and housekeeping. The entry point starts it; tests call runDueJobs directly with an
   * injected clock instead. Idempotent; close() stops it.
   */
  startJobs(): Scheduler;
  close(): Promise<void>;
}

/** env → db → migrate → auth → seed → app. Used by server/index.ts and by the tests. */
export async function buildServer(env: Env, opts: BuildOptions = {}): Promise<BuiltServer> {
  const logger = opts.logger ?? createLogger(env.LOG_LEVEL);
  const now = opts.now ?? (() => new Date());
  const database =
    opts.database ??
    (await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.DATA_DIR, 'pgdata') }));
  await migrateDatabase(database);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, logger });

  const budgets = await createBudgets({ db: database.db, logger, now, redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : undefined });

  let tokens: TokenVerifier;
  let authProvider: Hono<AppEnv> | undefined;
  let embedded: Awaited<ReturnType<typeof createEmbeddedAuth>> | undefined;
  if (env.SUPABASE_URL) {
    tokens = createHostedVerifier(env);
  } else {
    // The SSO hooks need the app's dependencies, made below: read when a sign-in happens.
    const sso = createSsoHooks(() => contextOf(deps));
    embedded = await createEmbeddedAuth({ db: database.db, env, mailer, logger, now, budgets, sso });
    tokens = embedded.verifier;
    authProvider = embedded.routes;
  }

  const storage = opts.storage ?? createObjectStore(env);
  const metrics = createMetrics();
  metrics.setQueueReader(() => queueDepths(database, now()));
  const lifecycle: Lifecycle = { shuttingDown: false };
  const deps: AppDeps = { env, db: database.db, dbKind: database.kind, logger, mailer, tokens, storage, budgets, now, metrics, lifecycle };
  if (embedded) deps.authAdmin = embedded.admin;
  await seedDatabase(deps, embedded?.admin);
  const app = createApp(deps, { authProvider, staticDir: opts.staticDir });
  let scheduler: Scheduler | undefined;
  return {
    app,
    deps,
    database,
    startJobs: () => (scheduler ??= startScheduler(contextOf(deps))),
    close: async () => {
      await scheduler?.stop();
      if (!opts.storage) await storage.close();
      await budgets.close();
      if (!opts.database) await database.close();
    },
  };
}
