// Browser test harness: serves the built SPA with the REAL server (PGlite on disk in a temp
// DATA_DIR, in-memory mailer) and drives headless Chromium. Under vitest, tests/e2e/global-setup.ts
// builds the SPA and a migrated, seeded data directory once per run; outside it (scripts/bench)
// the harness builds and migrates by itself.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { buildServer, type BuiltServer } from '#server/compose.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import type { MailMessage } from '#server/lib/mailer.ts';
import { AUTH_STORAGE_KEY } from '#src/lib/auth-storage.ts';
import { memoryMailer } from '../setup/app.ts';
import { listenOnPortZero } from '../support/listen.ts';
import { CHROMIUM_PATH, IS_CI, SHOTS_DIR, TAKE_SHOTS, TEST_ADMIN, testEnv } from '../setup/test-env.ts';
import { needsSecondFactor, verifySecondFactor } from '../setup/mfa.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const DIST = path.join(ROOT, 'dist');
const SOURCES = ['src', 'domain', 'worker', 'public', 'index.html', 'vite.config.ts', 'scripts/vite-bank-summary.ts'];
export { SHOTS_DIR, TAKE_SHOTS };

/** True when Chromium is available; without it the suite is skipped locally and fails in CI. */
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);
if (!HAS_CHROMIUM) {
  if (IS_CI) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: the browser suite must run in CI`);
  console.warn(`\n⚠️  ⚠️  Chromium not found at ${CHROMIUM_PATH}: SKIPPING the browser suite (tests/e2e). ⚠️  ⚠️\n`);
}

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, entry)));
  return max;
}

/** Builds dist/ once when it is missing or older than any source file. */
export function ensureBuilt(): void {
  const index = path.join(DIST, 'index.html');
  const built = existsSync(index) && existsSync(path.join(DIST, 'sw.js')) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  if (built > sources) return;
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}

/** What tests/e2e/global-setup.ts prepared for this run: a snapshot of dist/ and a migrated, seeded DATA_DIR. */
export interface E2eRun {
  dist: string;
  template: string;
}

function preparedRun(): E2eRun | undefined {
  try {
    return inject('e2eRun');
  } catch {
    return undefined; // not under vitest (scripts/bench): the harness prepares its own
  }
}

/**
 * A free port for a child process that must be told its port on the command line
 * (tests/ops/compiled-server.ts). In-process servers listen on port 0 and read theirs instead.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The server's clock: real time plus an offset a test may move forward (never back). */
export interface TestClock {
  now(): Date;
  /** Moves the server's clock `ms` ahead (e.g. to the next authenticator-code step instead of waiting for it). */
  advance(ms: number): void;
}

/** A clock for one test server (pass `now: clock.now` to buildServer). */
export function testClock(): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => void (offsetMs += Math.max(0, ms)),
  };
}

export interface Harness {
  baseUrl: string;
  server: BuiltServer;
  clock: TestClock;
  mail: MailMessage[];
  browser: Browser;
  admin: typeof TEST_ADMIN;
  /** serviceWorkers 'block' lets page.route see every request (a worker would answer from its precache). */
  newContext(opts?: { width?: number; height?: number; serviceWorkers?: 'allow' | 'block' }): Promise<BrowserContext>;
  /**
   * Writes `buffer` as a file named `name` (removed with the harness) and returns its path, for
   * setInputFiles: Chromium reads a file given by path from disk, where a buffer crosses the
   * DevTools protocol base64-encoded (tens of seconds for 26 MB on a loaded 2-core machine).
   */
  fileOnDisk(name: string, buffer: Buffer): Promise<string>;
  close(): Promise<void>;
}

/** Harness.fileOnDisk for a harness whose files live under `dataDir` (removed with it). */
export const fileOnDiskIn =
  (dataDir: string) =>
  async (name: string, buffer: Buffer): Promise<string> => {
    const file = path.join(await mkdtemp(path.join(dataDir, 'upload-')), name);
    await writeFile(file, buffer);
    return file;
  };

export interface HarnessOptions {
  /** Extra server environment (e.g. SUPABASE_URL for hosted auth). */
  env?: Record<string, string>;
  /**
   * The host name of APP_URL and the pages (default 127.0.0.1). WebAuthn needs a domain as its
   * relying party ID, and browsers refuse IP addresses: passkey tests use `localhost`.
   */
  host?: 'localhost';
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const run = preparedRun();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mvrsp-e2e-'));
  let staticDir = run?.dist;
  if (!staticDir) {
    ensureBuilt();
    // Serve a private snapshot of dist/, so a concurrent rebuild cannot swap chunks mid-test.
    staticDir = path.join(dataDir, 'dist');
    cpSync(DIST, staticDir, { recursive: true });
  }
  // The prepared data directory is the embedded provider's, seeded; other settings start empty.
  if (run && !opts.env) await cp(run.template, dataDir, { recursive: true });
  const listener = await listenOnPortZero();
  const { port } = listener;
  const baseUrl = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  const mailer = memoryMailer();
  const env = testEnv({ DATA_DIR: dataDir, PORT: String(port), APP_URL: baseUrl, LOG_LEVEL: 'warn', ...opts.env });
  const clock = testClock();
  const server = await buildServer(env, { mailer, staticDir, now: clock.now });
  listener.bind(server.app);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
  mkdirSync(SHOTS_DIR, { recursive: true });

  return {
    baseUrl,
    server,
    clock,
    mail: mailer.sent,
    browser,
    admin: TEST_ADMIN,
    newContext: ({ width = 1280, height = 800, serviceWorkers = 'allow' } = {}) =>
      browser.newContext({ baseURL: baseUrl, viewport: { width, height }, serviceWorkers }),
    fileOnDisk: fileOnDiskIn(dataDir),
    async close() {
      await browser.close().catch(() => {});
      await listener.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in without the login form, for tests whose subject is not signing in: the server's own
 * password grant (POST /auth/v1/token, in process) opens a new session, which goes into the page's
 * storage under the key supabase-js reads (src/lib/auth-storage.ts, src/lib/supabase.ts); the app
 * then starts signed in, as after a reload. Waits for the dashboard.
 */
export async function signInAs(h: Harness, page: Page, email: string, password: string, opts: { secondFactor?: boolean } = {}): Promise<void> {
  const res = await h.server.app.request('/auth/v1/token?grant_type=password', {
    method: 'POST',
    headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  let session = await res.text();
  if (res.status !== 200) throw new Error(`password grant for ${email} answered ${res.status}: ${session}`);
  // A system admin, or a member of an organization that requires it (or anyone, with
  // `secondFactor`), then verifies the second factor as the SPA's verify screen would
  // (tests/setup/mfa.ts; ADR 040).
  const signedIn = JSON.parse(session) as { access_token: string; user: { id: string } };
  if (opts.secondFactor ?? (await needsSecondFactor(h.server, signedIn.user.id))) {
    session = JSON.stringify(await verifySecondFactor(h.server, { userId: signedIn.user.id, accessToken: signedIn.access_token }));
  }
  // Any page of the origin gives access to its localStorage; a static file does not start the app.
  await page.goto('/robots.txt');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, session] as const);
  await page.goto('/dashboard');
  // The signed-in layout's header, on /dashboard: the stored session was taken (without it the app goes to /login).
  await page.locator('header[data-app-header]').waitFor({ state: 'attached' });
  await page.waitForURL('**/dashboard');
}

/**
 * Signs in through the real login form and waits for the dashboard. A user with an authenticator app
 * (tests/e2e/authenticator.ts) is then asked for a code on /mfa, which it enters.
 */
export async function signIn(page: Page, email: string, password: string, app?: { next(): Promise<string> }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  if (app) {
    await page.waitForURL('**/mfa');
    await page.getByLabel('Authentication code').fill(await app.next());
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.waitForURL('**/dashboard');
}

/** The newest confirmation link mailed to `email`, once the provider's after-answer mail work is done. */
export async function confirmationLink(h: Harness, email: string): Promise<string> {
  await (h.server.deps.authAdmin as { idle?: () => Promise<void> } | undefined)?.idle?.();
  const mail = h.mail.filter((m) => m.to === email.toLowerCase() && m.subject === 'Confirm your MVRSP Assess account').at(-1);
  const link = mail?.links?.[0];
  if (!link) throw new Error(`no confirmation mail to ${email}`);
  return link;
}

/**
 * Opens the newest confirmation link mailed to `email` in the page, as the user would from their
 * inbox: the link opens /confirm-email, where the password chosen at sign-up confirms the address
 * and lands signed in on the dashboard.
 */
export async function confirmFromMail(h: Harness, page: Page, email: string, password: string): Promise<void> {
  await page.goto(await confirmationLink(h, email));
  await page.waitForURL((url) => url.pathname === '/confirm-email');
  await page.getByRole('heading', { name: 'Confirm your e-mail address' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Confirm address' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

/**
 * Clicks the header's Logout and waits for its hard redirect to finish. The router may reach
 * /login first (the session is gone), so waiting for the URL alone races the full reload.
 */
export async function logOut(page: Page): Promise<void> {
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Logout' }).click();
  await reloaded;
  await page.waitForURL('**/login');
}

/**
 * Saves a screenshot of the page or of one element to `file` when screenshots are taken
 * (TAKE_SHOTS); an element is still waited for until visible, as its screenshot would.
 */
export async function saveShot(target: Page | Locator, file: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  const isPage = 'goto' in target;
  if (!TAKE_SHOTS) {
    if (!isPage) await target.waitFor({ state: 'visible' });
    return;
  }
  await (isPage ? target.screenshot({ path: file, fullPage: opts.fullPage }) : target.screenshot({ path: file }));
}

export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await saveShot(page, path.join(SHOTS_DIR, `${name}.png`), { fullPage });
}

/** Console errors collected from a page (a failing request the app handles is not one). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

/**
 * The reads the page's origin has saved for offline use, per user (ADR 032: IndexedDB
 * `mvrsp-query-cache`, store `clients`, key `user:<id>`; src/lib/server-data/query-cache.ts):
 * each saved query's key hash.
 */
export async function savedReads(page: Page): Promise<{ user: string; keys: string[] }[]> {
  return page.evaluate(
    () =>
      new Promise<{ user: string; keys: string[] }[]>((resolve, reject) => {
        const open = indexedDB.open('mvrsp-query-cache');
        open.onupgradeneeded = () => open.result.createObjectStore('clients');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('clients').objectStore('clients');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            type Saved = { clientState?: { queries?: { queryHash: string }[] } };
            resolve(keys.result.map((k, i) => ({ user: String(k).replace(/^user:/, ''), keys: ((values.result[i] as Saved).clientState?.queries ?? []).map((q) => q.queryHash) })));
            open.result.close();
          };
          values.onerror = () => reject(values.error);
        };
      }),
  );
}

/** The user ids whose reads the page's origin has saved for offline use. */
export async function savedReadUsers(page: Page): Promise<string[]> {
  return (await savedReads(page)).map((r) => r.user);
}

/**
 * Deletes the saved reads (the profile among them) from a document of the app's origin that does
 * not run the app (/robots.txt), so no open page writes them back; `then` is opened next.
 */
export async function withoutSavedReads(page: Page, then: string): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('mvrsp-query-cache');
        open.onupgradeneeded = () => open.result.createObjectStore('clients');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('clients', 'readwrite');
          tx.objectStore('clients').clear();
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await page.goto(then);
}

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's WCAG 2.0/2.1 level A and AA rules on the page as it is now: one line per violation. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Through the DevTools protocol: the app's Content-Security-Policy refuses an injected script tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readFile(AXE_SOURCE, 'utf8'));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
  });
}

/** Presses Tab until `target` has the focus (at most `max` times): the control is reachable by keyboard. */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached by ${max} presses of Tab`);
}

/** At 390 and 1280 px: no sideways scroll, and a screenshot `<name>-<width>.png` for the record. */
export async function shotAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(100); // the new layout settles before it is measured
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) throw new Error(`${name}: ${scrollWidth} px wide at ${width} px`);
    await shot(page, `${name}-${width}`);
  }
}
