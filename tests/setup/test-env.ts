// The one module under tests/ that reads process.env.
import { loadEnv, type Env } from '#server/env.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
/** Redis for the shared request-budget tests (tests/scale/shared-budgets.test.ts); .ci/run sets it when Redis answers. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
export const IS_CI = process.env.CI === 'true' || process.env.CI === '1';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Where browser tests save screenshots (one folder per run when several run in parallel). */
export const SHOTS_DIR = process.env.SHOTS_DIR || '/tmp/shots';
/**
 * Whether browser tests write their screenshots: for a person to look at, so on by default and off
 * in CI, where no one opens them (about a tenth of the browser suite's CPU: BENCHMARKS.md §8).
 * E2E_SHOTS=1 or 0 decides either way. Every check beside a screenshot runs regardless.
 */
export const TAKE_SHOTS = process.env.E2E_SHOTS ? process.env.E2E_SHOTS === '1' : !IS_CI;
/** Set by vitest in its workers (tests/setup/db.ts asks vitest for the run's database templates). */
export const IN_VITEST = Boolean(process.env.VITEST);
export const WORKER_ID = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0';

export type DriverName = 'pglite' | 'postgres';
/** The driver the database tests run on, once (the choice is explained in tests/setup/db.ts). */
export const TEST_DRIVER: DriverName = 'pglite';
/**
 * Both drivers when TEST_DATABASE_URL is set: only for tests of what differs between them (the
 * driver parity suite, races between two instances on one database), not for every API test.
 */
export const DB_DRIVERS: DriverName[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_ADMIN = { email: 'admin@test.local', password: 'Admin-password-123!' };

/**
 * scrypt's cost for passwords hashed in tests (server/env.ts TEST_PASSWORD_HASH_LOG2N): N = 16
 * instead of 32768, so a user costs microseconds, not tens of milliseconds. Hashing itself is tested
 * at the full cost (server/auth-provider/auth.passwords.test.ts).
 */
export const TEST_HASH_LOG2N = '4';

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    PORT: '3999',
    APP_URL: 'http://localhost:3999',
    DATA_DIR: `./node_modules/.tmp/test-data-${WORKER_ID}`,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'silent',
    // Hosted auth hashes no password here, and the setting is refused with it.
    ...(overrides.SUPABASE_URL ? {} : { TEST_PASSWORD_HASH_LOG2N: TEST_HASH_LOG2N }),
    ...overrides,
  });
}
/** Replays a chaos sync run (tests/chaos): CHAOS_SEED=<seed printed by a failure>. */
export const CHAOS_SEED = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : undefined;

/** fast-check seed for the fuzz suites: fixed so CI is repeatable; set FUZZ_SEED to explore or replay. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261122);
