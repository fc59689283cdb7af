// Sign-in and mail counters of addresses without an account (auth_unknown_addresses) are kept while
// they still decide an answer, then pruned by the scheduler's throttle housekeeping job: the table
// cannot grow without bound from guessed addresses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUnknownAddresses } from '#server/db/schema/index.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/index.ts';
import { JOBS, runDueJobs } from '#server/features/jobs/index.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { EMAIL_LINK_INTERVAL_MS } from './auth.email-links.ts';
import { LOCKOUT_MAX_MS, LOCKOUT_THRESHOLD } from './auth.limits.ts';
import { UNKNOWN_ADDRESS_KEEP_MS } from './auth.unknown-addresses.ts';

const HOUR = 3_600_000;

describe.each([TEST_DRIVER])('auth_unknown_addresses pruning (%s)', (driver) => {
  let server: TestServer;
  let clock = Date.parse('2026-03-02T09:00:00Z');
  const advance = (ms: number) => void (clock += ms);

  beforeAll(async () => {
    server = await createTestServer(driver, {}, { now: () => new Date(clock) });
  }, 60_000);
  afterAll(async () => server?.close());

  const auth = (path: string, body: unknown) =>
    server.app.request(`/auth/v1${path}`, { method: 'POST', headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const signIn = (email: string) => auth('/token?grant_type=password', { email, password: 'not-the-password-1' });
  const stored = async () => (await server.deps.db.select({ email: authUnknownAddresses.email }).from(authUnknownAddresses)).map((r) => r.email).sort();
  const housekeeping = JOBS.filter((j) => j.name === 'budgets.sweep_expired');
  const runHousekeeping = async () => {
    const [run] = await runDueJobs(server.deps, new Date(clock), housekeeping);
    expect(run).toMatchObject({ name: 'budgets.sweep_expired', ok: true });
    return (run!.result as { unknownAddresses: number }).unknownAddresses;
  };

  it('keeps a row while it decides an answer, and prunes it once it is older than that', async () => {
    // The window outlasts every use of a row: the longest lock and the mail spacing.
    expect(UNKNOWN_ADDRESS_KEEP_MS).toBeGreaterThan(LOCKOUT_MAX_MS);
    expect(UNKNOWN_ADDRESS_KEEP_MS).toBeGreaterThan(EMAIL_LINK_INTERVAL_MS);
    expect(housekeeping).toHaveLength(1);

    const guessed = 'nobody-here@unknown.example';
    const mailed = 'never-signed-up@unknown.example';
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) expect((await signIn(guessed)).status).toBe(400);
    expect((await signIn(guessed)).status).toBe(429);
    expect((await auth('/recover', { email: mailed })).status).toBe(200);
    await (server.deps.authAdmin as { idle?: () => Promise<void> } | undefined)?.idle?.();
    expect(await stored()).toEqual([mailed, guessed].sort());

    // The lock has long ended, but the count still escalates: one more failure locks at once.
    advance(UNKNOWN_ADDRESS_KEEP_MS - HOUR);
    expect(await runHousekeeping()).toBe(0);
    expect(await stored()).toEqual([mailed, guessed].sort());
    expect((await signIn(guessed)).status).toBe(400);
    expect((await signIn(guessed)).status).toBe(429);

    // A day after its last write the mailed address's row is gone; the guessed one was written an hour ago.
    advance(HOUR + 60_000);
    expect(await runHousekeeping()).toBe(1);
    expect(await stored()).toEqual([guessed]);

    // And a day after its own last write, the guessed one too: its next guess starts a fresh count.
    advance(UNKNOWN_ADDRESS_KEEP_MS);
    expect(await runHousekeeping()).toBe(1);
    expect(await stored()).toEqual([]);
    expect((await signIn(guessed)).status).toBe(400);
    expect(await stored()).toEqual([guessed]);
  });
});
