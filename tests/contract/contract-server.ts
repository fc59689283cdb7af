// Runs the REAL server (buildServer + @hono/node-server) on a loopback port, with a clock the test can move.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { buildServer, type BuiltServer } from '#server/compose.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import type { MailMessage } from '#server/lib/mailer.ts';
import { memoryMailer } from '#tests/setup/app.ts';
import { getTestDatabase, truncateAll } from '#tests/setup/db.ts';
import { testEnv, type DriverName } from '#tests/setup/test-env.ts';
import { listenOnPortZero } from '#tests/support/listen.ts';

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export interface ContractServer {
  baseUrl: string;
  built: BuiltServer;
  clock: TestClock;
  mail: MailMessage[];
  /** A fresh supabase-js client (memory storage, no timers) pointed at this server. */
  client(): SupabaseClient;
  /** fetch against the server with the anon apikey header. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Node 20 has no WebSocket; these tests never open a realtime channel, so a transport that refuses is enough. */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the auth contract tests');
  }
}

/** The real supabase-js client, as a Node script uses it (no stored session, no realtime); `headers` go on every request. */
export function nodeSupabaseClient(baseUrl: string, headers: Record<string, string> = {}) {
  return createClient(baseUrl, EMBEDDED_ANON_KEY, {
    global: { headers },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
  });
}

export function testClock(): TestClock {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}

export async function startContractServer(driver: DriverName, envOverrides: Record<string, string> = {}): Promise<ContractServer> {
  const database = await getTestDatabase(driver);
  await truncateAll(database);
  const listener = await listenOnPortZero();
  const { port } = listener;
  const baseUrl = `http://127.0.0.1:${port}`;
  const clock = testClock();
  const mailer = memoryMailer();
  const built = await buildServer(testEnv({ APP_URL: baseUrl, PORT: String(port), ...envOverrides }), { database, mailer, now: clock.now });
  listener.bind(built.app);
  return {
    baseUrl,
    built,
    clock,
    mail: mailer.sent,
    client: () => nodeSupabaseClient(baseUrl),
    fetch: (path, init = {}) =>
      fetch(`${baseUrl}${path}`, { ...init, headers: { apikey: EMBEDDED_ANON_KEY, ...(init.headers as Record<string, string>) } }),
    close: async () => {
      await listener.close();
      await built.close();
    },
  };
}
