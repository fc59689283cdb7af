// Once per run of the browser project (vitest `globalSetup`, in the main process): builds the SPA
// when dist/ is stale, snapshots it, and makes a migrated and seeded PGlite data directory. Every
// harness then serves the one snapshot and starts its server on a copy of that directory: booting
// PGlite on a copy skips the migrations and the seed's password hashing, which were most of a
// browser file's setup.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '#server/compose.ts';
import { memoryMailer } from '../setup/app.ts';
import { testEnv } from '../setup/test-env.ts';
import { DIST, ensureBuilt, HAS_CHROMIUM, type E2eRun } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by tests/e2e/global-setup.ts; absent when the harness runs outside vitest (scripts/bench). */
    e2eRun: E2eRun;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!HAS_CHROMIUM) return undefined;
  ensureBuilt();
  const root = await mkdtemp(path.join(tmpdir(), 'mvrsp-e2e-run-'));
  const run: E2eRun = { dist: path.join(root, 'dist'), template: path.join(root, 'template') };
  // A private snapshot: a rebuild during the run cannot swap chunks under a test.
  await cp(DIST, run.dist, { recursive: true });
  const server = await buildServer(testEnv({ DATA_DIR: run.template, LOG_LEVEL: 'warn' }), { mailer: memoryMailer() });
  await server.close();
  project.provide('e2eRun', run);
  return () => rm(root, { recursive: true, force: true });
}
