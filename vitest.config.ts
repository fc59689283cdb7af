import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { bankSummary } from './scripts/vite-bank-summary.ts';
import { CHROMIUM_PATH } from './tests/setup/test-env.ts';

/**
 * The property-based fuzzers of the whole HTTP surface: about a minute each on a 2-vCPU machine,
 * so they are their own project (`npx vitest run --project fuzz`); `npm test` still runs them.
 */
const FUZZ = ['tests/security/fuzz-api.test.ts', 'tests/security/fuzz-api-mutations.test.ts', 'tests/security/fuzz-auth.test.ts', 'tests/security/fuzz-sso.test.ts'];

/** Migrates and seeds the database template once per run; each test file copies it (tests/setup/db.ts). */
const DB_TEMPLATE = ['tests/setup/global-db.ts'];

/**
 * Test files under tests/ that drive the client's offline core (src/sync, through `#sync/` or fake
 * IndexedDB). That core keeps state per module (the running sync runtime, Dexie's live-query event
 * bus), so such a file must get fresh modules: in the unit project's shared module graph one of them
 * waited in vain for a live query after another file had used Dexie in the same worker (CI,
 * 2026-11-29). Found by reading each file, so a new one cannot land in the shared graph by mistake.
 */
const CLIENT_STATE_TESTS = readdirSync('tests', { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
  .map((e) => path.join(e.parentPath, e.name).split(path.sep).join('/'))
  .filter((file) => !file.startsWith('tests/e2e/') && !file.startsWith('tests/scale/'))
  .filter((file) => /from '#sync\/|['"]fake-indexeddb/.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    // One file per core. Vitest's default is one less than the cores, which on the 2-core CI
    // machine ran every unit, fuzz and component file one after another with a core idle.
    maxWorkers: 2,
    projects: [
      {
        plugins: [bankSummary()],
        test: {
          name: 'unit',
          environment: 'node',
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/scale/**', 'node_modules/**', ...FUZZ, ...CLIENT_STATE_TESTS],
          // One module graph per worker instead of one per file: importing the server, drizzle and
          // the bank again for each of some 150 files was about a third of this project's time. Each
          // file still builds its own servers and databases (tests/setup/), so no state is shared
          // that a test relies on; what differs per file is only what modules cache for themselves.
          isolate: false,
          globalSetup: DB_TEMPLATE,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Type tests (*.test-d.ts): tsc checks them and vitest reports each failed expectTypeOf.
          typecheck: { enabled: true, include: ['domain/**/*.test-d.ts', 'server/**/*.test-d.ts'], tsconfig: './tsconfig.typetest.json' },
        },
      },
      {
        // The client's offline core and helpers (src/**/*.test.ts, and CLIENT_STATE_TESTS against the
        // real server) on fake IndexedDB: each file gets fresh modules, since Dexie and the sync
        // runtime keep per-module state between tests.
        plugins: [bankSummary()],
        test: {
          name: 'client',
          environment: 'node',
          include: ['src/**/*.test.ts', ...CLIENT_STATE_TESTS],
          globalSetup: DB_TEMPLATE,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'fuzz',
          environment: 'node',
          include: FUZZ,
          globalSetup: DB_TEMPLATE,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // React components rendered in real Chromium (vitest browser mode): `src/**/*.test.tsx`.
        // The system Chromium is used; no browser is downloaded.
        plugins: [bankSummary()],
        // Pre-bundled before the first test: a dependency Vite discovers mid-run makes it re-optimize
        // and reload the page, and a component then meets two copies of React ("Cannot read
        // properties of null (reading 'useRef')"). Vitest's own warning names this remedy.
        optimizeDeps: { include: ['react', 'react-dom/client', 'react/jsx-dev-runtime', 'react-router-dom', 'lucide-react', 'dexie', 'dexie-react-hooks', 'zod', '@tanstack/react-query', '@tanstack/react-query-persist-client', 'idb-keyval'] },
        test: {
          name: 'component',
          include: ['src/**/*.test.tsx'],
          // A failing test's screenshot goes to test-results/ (git-ignored), not into the source tree.
          attachmentsDir: 'test-results/component/attachments',
          browser: {
            screenshotDirectory: 'test-results/component/screenshots',
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-background-networking'] },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        // Browser files run two at a time (one per core), each with its own server, data directory
        // and Chromium; tests/e2e/global-setup.ts builds the app and a migrated database once per run.
        // Its own groupOrder: the browser files start after the other projects' files instead of
        // competing with them for the cores.
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          sequence: { groupOrder: 1 },
          // Two browser files share the 2 cores with two servers, so a file runs about 3× slower
          // than alone (BENCHMARKS.md §8); a stuck step still fails on its own 30 s locator wait.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Several server processes on one PostgreSQL behind a load balancer (tests/scale/cluster.ts):
        // each file starts real `node` processes, so files run one at a time (2 cores).
        test: {
          name: 'scale',
          environment: 'node',
          include: ['tests/scale/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
