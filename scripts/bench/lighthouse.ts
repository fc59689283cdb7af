// `npm run bench:lighthouse`: Lighthouse (desktop preset) on the landing page, /login, and signed
// in on /dashboard, a submitted assessment's results and an open questionnaire against the REAL server (tests/e2e/harness.ts). Chromium at /usr/bin/chromium via
// chrome-launcher; the sign-in runs in the same browser (puppeteer-core over CDP) and the dashboard
// audit keeps that storage (disableStorageReset). Options: --json FILE (scores and findings),
// --reports DIR (each page's full Lighthouse result, for the network chain and main-thread tasks).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { createOrgAdmin } from '#tests/isolation/fixtures.ts';
import { asTestServer } from '#tests/e2e/assessment-helpers.ts';
import { CHROMIUM_PATH } from '#tests/setup/test-env.ts';
import { startHarness } from '#tests/e2e/harness.ts';

const { values: args } = parseArgs({ options: { json: { type: 'string' }, reports: { type: 'string' } } });
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const METRICS = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift', SI: 'speed-index' } as const;

interface PageScore {
  name: string;
  url: string;
  finalUrl: string;
  scores: Record<string, number>;
  /** Performance metrics as Lighthouse displays them (FCP, LCP, TBT, CLS, Speed Index). */
  metrics: Record<string, string>;
  findings: string[];
}

/** The first few offending elements / issues of a failed audit, for fixing it. */
function detailsOf(details: unknown): string {
  const items = ((details as { items?: Record<string, any>[] } | undefined)?.items ?? []).slice(0, 3);
  if (items[0]?.issueType) return `\n      ${JSON.stringify(items).slice(0, 800)}`;
  const text = items.map((i) => {
    const sub = ((i.subItems as { items?: unknown[] } | undefined)?.items ?? []).slice(0, 3).map((x) => JSON.stringify(x).slice(0, 300));
    return [i.node?.snippet ?? i.node?.explanation ?? i.issueType ?? i.description ?? JSON.stringify(i).slice(0, 200), ...sub].join(' ');
  });
  return text.length ? `\n      ${text.join('\n      ')}` : '';
}

async function audit(name: string, url: string, port: number, page?: unknown, keepStorage = false): Promise<PageScore> {
  const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES], disableStorageReset: keepStorage };
  const result = await lighthouse(url, flags, desktopConfig, page as never);
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (args.reports) writeFileSync(path.join(args.reports, `${name.split(' ')[0]!.toLowerCase()}.json`), JSON.stringify(lhr));
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const findings: string[] = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (a && ref.weight > 0 && a.score !== null && a.score < 1) findings.push(`${c}: ${a.id} (${a.title}) score ${a.score}${a.displayValue ? ` — ${a.displayValue}` : ''}${detailsOf(a.details)}`);
    }
  }
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([label, id]) => [label, lhr.audits[id]?.displayValue ?? '?']));
  return { name, url, finalUrl: lhr.finalDisplayedUrl, scores, metrics, findings };
}

/** A submitted assessment (every answer pushed through the sync API, two of them No) and a new open one. */
async function assessmentsToAudit(server: ReturnType<typeof asTestServer>, admin: Awaited<ReturnType<typeof createOrgAdmin>>) {
  const create = async () => {
    const res = await server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId }, admin.accessToken);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.assessmentId as string;
  };
  const submitted = await create();
  const questions = (await server.json('GET', `/api/questions?assessmentId=${submitted}`, undefined, admin.accessToken)).body as { id: string }[];
  const mutations = questions.map((q, i) => ({ id: randomUUID(), kind: 'answer.set', assessmentId: submitted, payload: { questionId: q.id, value: i < 2 ? 'no' : 'yes' }, baseVersion: 0, clientTs: Date.now() }));
  const pushed = await server.json('POST', '/api/sync/push', { clientId: 'lighthouse', mutations }, admin.accessToken);
  if (pushed.status !== 200) throw new Error(`push failed: ${pushed.status} ${JSON.stringify(pushed.body)}`);
  const done = await server.json('POST', `/api/assessments/${submitted}/submit`, undefined, admin.accessToken);
  if (done.status !== 200) throw new Error(`submit failed: ${done.status} ${JSON.stringify(done.body)}`);
  return { submitted, open: await create() };
}

async function main() {
  const h = await startHarness();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const server = asTestServer(h);
    const admin = await createOrgAdmin(server, { organizationName: 'Lighthouse College', email: `lh-${Date.now()}@college.test` });
    const results: PageScore[] = [];
    results.push(await audit('Landing', `${h.baseUrl}/`, chrome.port));
    results.push(await audit('Login', `${h.baseUrl}/login`, chrome.port));

    // Sign in through the real login form in this browser, then audit the dashboard with that session.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${h.baseUrl}/login`, { waitUntil: 'networkidle0' });
    await page.type('input[type="email"]', admin.email);
    await page.type('input[type="password"]', admin.password);
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => {}), page.keyboard.press('Enter')]);
    for (let i = 0; i < 150 && new URL(page.url()).pathname !== '/dashboard'; i++) await new Promise((r) => setTimeout(r, 100));
    if (new URL(page.url()).pathname !== '/dashboard') throw new Error(`sign-in did not reach /dashboard (at ${page.url()})`);
    // Audit in a fresh tab of the same browser profile, so the stored session is kept (and no
    // puppeteer helper runs in the audited page).
    await page.close();
    await browser.disconnect();
    results.push(await audit('Dashboard (signed in)', `${h.baseUrl}/dashboard`, chrome.port, undefined, true));
    const { submitted, open } = await assessmentsToAudit(server, admin);
    results.push(await audit('Results (signed in)', `${h.baseUrl}/assessment/${submitted}`, chrome.port, undefined, true));
    results.push(await audit('Questionnaire (signed in)', `${h.baseUrl}/assessment/${open}`, chrome.port, undefined, true));

    const lines = ['| Page | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS | SI | Final URL |', '|---|---|---|---|---|---|---|---|---|---|'];
    for (const r of results) {
      const pathname = new URL(r.finalUrl).pathname;
      const m = r.metrics;
      lines.push(`| ${r.name} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${m.FCP} | ${m.LCP} | ${m.TBT} | ${m.CLS} | ${m.SI} | ${pathname} |`);
    }
    console.log(lines.join('\n'));
    for (const r of results) if (r.findings.length) console.log(`\n${r.name} findings:\n  ${r.findings.join('\n  ')}`);
    if (args.json) writeFileSync(args.json, JSON.stringify(results, null, 2));
  } finally {
    chrome.kill();
    await h.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
