// Browser test harness: builds the SPA when stale, serves it with the REAL server
// (PGlite on disk in a temp DATA_DIR, in-memory mailer) and drives headless Chromium.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildServer, type BuiltServer } from '#server/compose.ts';
import type { MailMessage } from '#server/lib/mailer.ts';
import { memoryMailer } from '../setup/app.ts';
import { CHROMIUM_PATH, IS_CI, SHOTS_DIR, TEST_ADMIN, testEnv } from '../setup/test-env.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist');
const SOURCES = ['src', 'domain', 'worker', 'public', 'index.html', 'vite.config.ts', 'scripts/vite-bank-summary.ts'];
export { SHOTS_DIR };

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

export interface Harness {
  baseUrl: string;
  server: BuiltServer;
  mail: MailMessage[];
  browser: Browser;
  admin: typeof TEST_ADMIN;
  /** serviceWorkers 'block' lets page.route see every request (a worker would answer from its precache). */
  newContext(opts?: { width?: number; height?: number; serviceWorkers?: 'allow' | 'block' }): Promise<BrowserContext>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Extra server environment (e.g. SUPABASE_URL for hosted auth). */
  env?: Record<string, string>;
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  ensureBuilt();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mvrsp-e2e-'));
  // Serve a private snapshot of dist/, so a concurrent rebuild cannot swap chunks mid-test.
  const staticDir = path.join(dataDir, 'dist');
  cpSync(DIST, staticDir, { recursive: true });
  const mailer = memoryMailer();
  const env = testEnv({ DATA_DIR: dataDir, PORT: String(port), APP_URL: baseUrl, LOG_LEVEL: 'warn', ...opts.env });
  const server = await buildServer(env, { mailer, staticDir });
  let http: ServerType | undefined;
  await new Promise<void>((resolve) => {
    http = serve({ fetch: server.app.fetch, port, hostname: '127.0.0.1' }, () => resolve());
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
  mkdirSync(SHOTS_DIR, { recursive: true });

  return {
    baseUrl,
    server,
    mail: mailer.sent,
    browser,
    admin: TEST_ADMIN,
    newContext: ({ width = 1280, height = 800, serviceWorkers = 'allow' } = {}) =>
      browser.newContext({ baseURL: baseUrl, viewport: { width, height }, serviceWorkers }),
    async close() {
      await browser.close().catch(() => {});
      await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()));
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the real login form and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
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

export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage });
}

/** Console errors collected from a page (a failing request the app handles is not one). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}
