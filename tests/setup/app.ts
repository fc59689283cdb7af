// Builds the real app (real Hono, real database, embedded auth) for API tests via app.request.
import { buildServer, type BuiltServer } from '#server/compose.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Mailer, MailMessage } from '#server/lib/mailer.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import type { ObjectStore } from '#server/lib/storage/index.ts';
import { getTestDatabase, resetDatabase, truncateAll } from './db.ts';
import { testEnv, type DriverName } from './test-env.ts';

/** Collects mail in memory (SMTP delivery itself is tested against a real smtp-server). */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { kind: 'outbox', sent, send: async (m) => void sent.push(m) };
}

export interface TestServer extends BuiltServer {
  mail: MailMessage[];
  /** app.request with JSON helpers. */
  json(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any; headers: Headers }>;
}

/** Settings that change what seeding writes: with one of them a test starts from an empty database. */
const SEED_SETTINGS = ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'ADMIN_USER_ID', 'SUPABASE_URL'];

/**
 * A fresh app on the file's database, put back into the seeded template's state (tests/setup/template.ts),
 * or emptied and seeded by buildServer when `envOverrides` changes what seeding writes (SEED_SETTINGS).
 * Mail is collected in memory unless `envOverrides.SMTP_URL` is set (the app's own SMTP mailer
 * delivers it) or `opts.mailer` is given; `opts.storage` replaces the store the env selects (the caller closes it).
 */
export async function createTestServer(
  driver: DriverName = 'pglite',
  envOverrides: Record<string, string> = {},
  opts: { now?: () => Date; logger?: Logger; mailer?: Mailer; storage?: ObjectStore } = {},
): Promise<TestServer> {
  const database = await getTestDatabase(driver);
  if (SEED_SETTINGS.some((key) => key in envOverrides)) await truncateAll(database);
  else await resetDatabase(database);
  return withJson(database, envOverrides, opts);
}

/**
 * A second app instance on the same database as `first`, as a second server process would be: on
 * PostgreSQL with its own connection pool (so its transactions really run beside the first one's);
 * on PGlite on the one in-memory database. Nothing is emptied. close() also ends its own pool.
 */
export async function createSecondInstance(first: TestServer, envOverrides: Record<string, string> = {}): Promise<TestServer> {
  const own = first.database.url ? await openDatabase({ databaseUrl: first.database.url }) : null;
  const second = await withJson(own ?? first.database, envOverrides, {});
  return {
    ...second,
    close: async () => {
      await second.close();
      await own?.close();
    },
  };
}

async function withJson(
  database: Database,
  envOverrides: Record<string, string>,
  opts: { now?: () => Date; logger?: Logger; mailer?: Mailer; storage?: ObjectStore },
): Promise<TestServer> {
  const memory = envOverrides.SMTP_URL || opts.mailer ? undefined : memoryMailer();
  const mailer = opts.mailer ?? memory;
  const built = await buildServer(testEnv(envOverrides), { database, mailer, now: opts.now, logger: opts.logger, storage: opts.storage });
  const json = jsonRequester(built.app);
  return { ...built, mail: memory?.sent ?? [], json };
}

/** app.request with JSON in and out (the API tests' `server.json`; also used by scripts/bench/scale.ts). */
export function jsonRequester(app: BuiltServer['app']): TestServer['json'] {
  return async (method, path, body, token) => {
    const headers: Record<string, string> = { apikey: EMBEDDED_ANON_KEY };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
}
