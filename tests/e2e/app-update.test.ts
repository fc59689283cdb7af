// An app update never loses offline work (ADR 035). A device installs build A, signs in, reads the
// dashboard and an assessment (their reads are cached), goes offline and queues answers and an
// evidence file. The server then serves build B, "the next release" of the same sources
// (MVRSP_BUILD_VARIANT=update-test, src/lib/build-variant.ts): a new service worker, one more Dexie
// version with an upgrade that rewrites the queued changes, and a new version of the persisted read
// snapshots. The user accepts the update prompt; once online, every queued change is on the server
// and every page read before the update still shows its data offline after a reload.
// - Found online: the device reconnects, the update check finds B and the user accepts at once,
//   while the reconnect's sync may still be sending.
// - Found offline: the update is found, installed and accepted while the page is offline; B starts
//   from its own precache with the work still queued, and sends it on reconnect. Only the page is
//   offline (setPageOffline), not the browser's fetch of the new worker and its precache: as on a
//   device whose connection came back long enough to download the update, not for the page to sync.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, renameSync, statSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type BuiltServer } from '#server/compose.ts';
import { createOrgAdmin, type Member } from '#tests/isolation/fixtures.ts';
import type { TestServer } from '#tests/setup/app.ts';
import { memoryMailer } from '../setup/app.ts';
import { CHROMIUM_PATH, TEST_ADMIN, testEnv } from '../setup/test-env.ts';
import { answerWithKeyboard, asTestServer, currentCode, nextWithKeyboard } from './assessment-helpers.ts';
import { collectErrors, ensureBuilt, fileOnDiskIn, HAS_CHROMIUM, signIn, testClock, type Harness } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_A = path.join(ROOT, 'dist');
/** Build B: the same sources built with MVRSP_BUILD_VARIANT=update-test (src/lib/build-variant.ts). */
const BUILD_B = path.join(ROOT, 'node_modules/.cache/mvrsp-e2e-next-release');
const NEXT_RELEASE_VARIANT = 'update-test';

/** Builds B once, and again only when build A (dist/, rebuilt by ensureBuilt when a source changed) is newer. */
function ensureNextReleaseBuilt(): void {
  const a = statSync(path.join(BUILD_A, 'index.html')).mtimeMs;
  const index = path.join(BUILD_B, 'index.html');
  if (existsSync(index) && existsSync(path.join(BUILD_B, 'sw.js')) && statSync(index).mtimeMs > a) return;
  execFileSync('env', [`MVRSP_BUILD_VARIANT=${NEXT_RELEASE_VARIANT}`, 'npx', 'vite', 'build', '--logLevel', 'warn', '--outDir', BUILD_B], { cwd: ROOT, stdio: 'inherit' });
}

/** The real server with a switchable site: `site` is a symlink the test points at build A or B (a deploy). */
interface UpdateHarness extends Harness {
  deploy(build: 'A' | 'B'): void;
}

async function startUpdateHarness(): Promise<UpdateHarness> {
  ensureBuilt();
  ensureNextReleaseBuilt();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mvrsp-e2e-update-'));
  // Private copies, so a concurrent rebuild cannot swap chunks mid-test.
  const builds = { A: path.join(dataDir, 'build-a'), B: path.join(dataDir, 'build-b') };
  cpSync(BUILD_A, builds.A, { recursive: true });
  cpSync(BUILD_B, builds.B, { recursive: true });
  const site = path.join(dataDir, 'site');
  const deploy = (build: 'A' | 'B') => {
    const next = `${site}.next`;
    symlinkSync(builds[build], next);
    renameSync(next, site);
  };
  deploy('A');

  // Listen on port 0 first; the app (whose links need the address) answers once it is built.
  const app: { current?: BuiltServer } = {};
  const http = await new Promise<ServerType>((resolve) => {
    const s: ServerType = serve({ fetch: (req) => (app.current ? app.current.app.fetch(req) : new Response('starting', { status: 503 })), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const mailer = memoryMailer();
  const clock = testClock();
  const built = await buildServer(testEnv({ DATA_DIR: dataDir, APP_URL: baseUrl, LOG_LEVEL: 'warn' }), { mailer, staticDir: site, now: clock.now });
  app.current = built;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'] });
  return {
    baseUrl,
    server: built,
    clock,
    mail: mailer.sent,
    browser,
    admin: TEST_ADMIN,
    deploy,
    newContext: ({ width = 1280, height = 800, serviceWorkers = 'allow' } = {}) => browser.newContext({ baseURL: baseUrl, viewport: { width, height }, serviceWorkers }),
    fileOnDisk: fileOnDiskIn(dataDir),
    async close() {
      await browser.close().catch(() => {});
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await built.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Dexie database's IndexedDB version (Dexie stores version n as n × 10). */
async function syncDbVersion(page: Page): Promise<number | undefined> {
  return page.evaluate(async () => (await indexedDB.databases()).find((d) => d.name === 'mvrsp-sync')?.version);
}

/** Waits until the page is controlled by an active service worker (the app is installed). */
async function installed(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  }
}

/**
 * Takes the page alone offline or back (DevTools network emulation on the page's target, through
 * one session per page: a second session's "online" would not lift the first one's "offline"): its
 * own requests fail and navigator.onLine is false, while the browser's fetch of a new worker and its
 * precache still reaches the server. (Playwright's context.setOffline may or may not reach a worker
 * that starts later, so an update installed "offline" would sometimes fail its precache and not.)
 */
const cdpSessions = new WeakMap<Page, CDPSession>();
async function setPageOffline(page: Page, offline: boolean): Promise<void> {
  let cdp = cdpSessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    cdpSessions.set(page, cdp);
    await cdp.send('Network.enable');
  }
  await cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.waitForFunction((online) => navigator.onLine === online, !offline);
}

/**
 * The registration's update check, as the app runs it hourly and a navigation runs it, until the new
 * worker has installed (it is waiting). An install that failed (the worker went redundant: one of its
 * precache downloads was refused) is checked for again, as the app's next hourly check would: with
 * the page alone offline, DevTools' emulation sometimes reached the new worker's downloads too
 * (CI, 2026-11-29: no prompt in 120 s). Three tries, then the states are reported.
 */
async function checkForUpdate(page: Page): Promise<void> {
  const states: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration) return 'no registration';
      await registration.update();
      const worker = registration.installing ?? registration.waiting;
      if (!worker) return `no new worker (active: ${registration.active?.scriptURL ?? 'none'})`;
      if (worker.state === 'installed') return 'installed';
      return new Promise<string>((resolve) => {
        const settle = () => {
          if (worker.state === 'installed' || worker.state === 'activating' || worker.state === 'activated') resolve('installed');
          else if (worker.state === 'redundant') resolve('redundant');
        };
        worker.addEventListener('statechange', settle);
        settle();
      });
    });
    if (outcome === 'installed') return;
    states.push(outcome);
  }
  throw new Error(`build B's worker did not install: ${states.join('; ')}`);
}

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n${'x'.repeat(2048)}\n%%EOF\n`, 'latin1');

describe.skipIf(!HAS_CHROMIUM)('an app update never loses offline work (Chromium)', () => {
  let h: UpdateHarness;
  let api: TestServer;

  beforeAll(async () => {
    h = await startUpdateHarness();
    api = asTestServer(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A fresh organization with a blank assessment, its admin signed in on build A with the assessment and dashboard read once. */
  async function installBuildA(label: string): Promise<{ ctx: BrowserContext; page: Page; owner: Member; assessmentId: string; org: string; errors: string[] }> {
    h.deploy('A');
    const org = `Update ${label} Institute`;
    const owner = await createOrgAdmin(api, { organizationName: org, email: `update-${label}-${Date.now()}@college.test` });
    const created = await api.json('POST', '/api/assessments/create', { organizationId: owner.organizationId, startFrom: 'blank' }, owner.accessToken);
    expect(created.status).toBe(201);
    const assessmentId = created.body.assessmentId as string;
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signIn(page, owner.email, owner.password);
    await page.getByTestId('header-identity').getByText(org).waitFor();
    await page.goto(`/assessment/${assessmentId}`);
    await page.getByTestId('question-code').waitFor();
    await installed(page);
    await page.getByTestId('question-code').waitFor();
    await page.goto('/dashboard');
    await page.getByTestId('member-count').getByText('1').waitFor();
    await page.goto(`/assessment/${assessmentId}`);
    await page.getByTestId('question-code').waitFor();
    expect(await syncDbVersion(page)).toBe(30);
    return { ctx, page, owner, assessmentId, org, errors };
  }

  /** Offline: answers the first two questions and queues a file on the second; returns the codes answered. */
  async function queueWorkOffline(page: Page, goOffline: () => Promise<void>): Promise<string[]> {
    await goOffline();
    const codes = [await currentCode(page)];
    await answerWithKeyboard(page, 'yes');
    await nextWithKeyboard(page);
    codes.push(await currentCode(page));
    await answerWithKeyboard(page, 'no');
    await page.locator('input[type=file][multiple]').setInputFiles({ name: 'offline-policy.pdf', mimeType: 'application/pdf', buffer: pdf('offline policy') });
    await page.getByTestId('evidence-file').filter({ hasText: 'offline-policy.pdf' }).getByText('Queued').waitFor();
    await page.locator('[data-sync-state="pending"]').first().waitFor();
    return codes;
  }

  /** Accepts the update prompt and waits for the page to reload into build B. */
  async function acceptUpdate(page: Page): Promise<void> {
    const prompt = page.getByRole('status').filter({ hasText: 'A new version' });
    // The prompt shows once build B's worker has installed, i.e. downloaded its whole precache: on a
    // loaded 2-core machine, beside other browser files, that outlasted 30 s (CI, 2026-11-29).
    await prompt.waitFor({ timeout: 120_000 });
    const reloaded = page.waitForEvent('load').then(
      () => null,
      (e: unknown) => e,
    );
    await prompt.getByRole('button', { name: 'Reload' }).click();
    const failure = await reloaded;
    if (failure) {
      // Say where the update stood, so a reload that never came can be told apart from a slow one.
      const workers = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return { waiting: r?.waiting?.state ?? null, active: r?.active?.state ?? null, installing: r?.installing?.state ?? null, controller: navigator.serviceWorker.controller?.scriptURL ?? null };
      });
      throw new Error(`No reload after Reload: ${JSON.stringify(workers)}`, { cause: failure });
    }
    await page.getByTestId('question-code').waitFor();
    expect(await syncDbVersion(page)).toBe(40);
  }

  /** The question with `code`, opened by its id (the questionnaire otherwise resumes at the first unanswered one). */
  async function openQuestion(page: Page, owner: Member, assessmentId: string, code: string): Promise<void> {
    const questionId = (await questionIds(owner)).get(code);
    await page.goto(`/assessment/${assessmentId}?q=${questionId}`);
    await page.getByTestId('question-code').getByText(code).waitFor();
  }

  const questionIds = async (owner: Member) => new Map(((await api.json('GET', '/api/questions', undefined, owner.accessToken)).body as { id: string; code: string }[]).map((q) => [q.code, q.id]));

  /** Every queued change is on the server: both answers, and the file attached to its question. */
  async function expectSynced(page: Page, owner: Member, assessmentId: string, codes: string[]): Promise<void> {
    const byCode = await questionIds(owner);
    const answers = async () =>
      ((await api.json('GET', `/api/assessments/${assessmentId}/responses`, undefined, owner.accessToken)).body as { question_id: string; answer: string }[]).map((r) => `${r.question_id}:${r.answer}`).sort();
    await expect.poll(answers, { timeout: 30_000 }).toEqual([`${byCode.get(codes[0]!)}:yes`, `${byCode.get(codes[1]!)}:no`].sort());
    const files = async () =>
      ((await api.json('GET', `/api/assessments/${assessmentId}/evidence`, undefined, owner.accessToken)).body as { file_name: string; question_id: string; status: string }[]).map((f) => [f.file_name, f.question_id, f.status]);
    await expect.poll(files, { timeout: 60_000 }).toEqual([['offline-policy.pdf', byCode.get(codes[1]!), 'attached']]);
    await openQuestion(page, owner, assessmentId, codes[1]!);
    await page.getByTestId('evidence-file').filter({ hasText: 'offline-policy.pdf' }).getByText('Uploaded').waitFor();
    await expect.poll(() => page.locator('[data-sync-state="pending"]').count()).toBe(0);
  }

  /** Offline again, each page read before the update shows its data after a reload. */
  async function expectReadsOffline(ctx: BrowserContext, page: Page, assessmentId: string, org: string, total: number): Promise<void> {
    await ctx.setOffline(true);
    await page.goto(`/assessment/${assessmentId}`);
    await page.getByTestId('question-code').waitFor();
    await page.getByTestId('overall-progress').getByText(`2 of ${total} answered`).waitFor();
    await page.getByTestId('header-identity').getByText(org).waitFor();
    await page.goto('/dashboard');
    await page.getByTestId('member-count').getByText('1').waitFor();
    await ctx.setOffline(false);
  }

  it('found online: accepted, the queued answers and file are sent and the cached reads still show offline', async () => {
    const { ctx, page, owner, assessmentId, org, errors } = await installBuildA('online');
    const total = ((await api.json('GET', '/api/questions', undefined, owner.accessToken)).body as unknown[]).length;
    const codes = await queueWorkOffline(page, () => ctx.setOffline(true));
    h.deploy('B');
    await ctx.setOffline(false);
    await checkForUpdate(page);
    await acceptUpdate(page);
    await expectSynced(page, owner, assessmentId, codes);
    await expectReadsOffline(ctx, page, assessmentId, org, total);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('found while still offline: accepted offline, then everything is sent on reconnect and the cached reads still show offline', async () => {
    const { ctx, page, owner, assessmentId, org, errors } = await installBuildA('offline');
    const total = ((await api.json('GET', '/api/questions', undefined, owner.accessToken)).body as unknown[]).length;
    const codes = await queueWorkOffline(page, () => setPageOffline(page, true));
    h.deploy('B');
    await checkForUpdate(page);
    await acceptUpdate(page);
    // Build B runs offline from its own precache, with the queued work still waiting on this device.
    await openQuestion(page, owner, assessmentId, codes[1]!);
    await page.getByTestId('evidence-file').filter({ hasText: 'offline-policy.pdf' }).getByText('Queued').waitFor();
    await page.locator('[data-testid="answer-no"][aria-pressed="true"]').waitFor();
    await page.getByTestId('overall-progress').getByText(`2 of ${total} answered`).waitFor();
    await setPageOffline(page, false);
    await expectSynced(page, owner, assessmentId, codes);
    await expectReadsOffline(ctx, page, assessmentId, org, total);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
