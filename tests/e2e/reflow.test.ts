// WCAG 1.4.10 reflow: every route fits a 320 px wide viewport (no sideways scrolling), the header's
// menu stays reachable, and every page has its own title. Screenshots at 390 and 1280 px go to
// /tmp/shots/spa/ for a look (when taken: TAKE_SHOTS, tests/setup/test-env.ts). Also the system admin's dashboard (platform figures, no organization cards).
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrgAdmin, inviteTokenFor, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import type { TestServer } from '#tests/setup/app.ts';
import type { DomainView, QuestionView } from '#domain/contracts/assessments.ts';
import { groupByDomain } from '../../src/features/assessment/hooks/questionnaire-nav.ts';
import { asTestServer } from './assessment-helpers.ts';
import { HAS_CHROMIUM, saveShot, signInAs, startHarness, TAKE_SHOTS, type Harness } from './harness.ts';

const DIR = '/tmp/shots/spa';

interface Visit {
  path: string;
  name: string;
  /** Text that shows the page has rendered. */
  ready: (page: Page) => Promise<unknown>;
  title: string;
  /** A public page also open to signed-in users: no app header. */
  noShell?: boolean;
}

async function checkAt320(page: Page, v: Visit, signedIn: boolean) {
  await page.goto(v.path);
  await v.ready(page);
  await page.waitForTimeout(150);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  // On failure, name the outermost elements that stick out (and their ancestors), to find the cause.
  const culprits =
    width <= 320
      ? ''
      : await page.evaluate(() =>
          Array.from(document.querySelectorAll('body *'))
            .filter((el) => el.getBoundingClientRect().right > 321 && (!el.parentElement || el.parentElement.getBoundingClientRect().right <= 321))
            .slice(0, 5)
            .map((el) => {
              const chain: string[] = [];
              for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) chain.push(`${a.tagName}.${(a.getAttribute('class') ?? '').slice(0, 50)} [${Math.round(a.getBoundingClientRect().width)}]`);
              return chain.join(' < ');
            })
            .join('\n'),
        );
  expect(width, `${v.path} is ${width} px wide at 320 px\n${culprits}`).toBeLessThanOrEqual(320);
  expect(await page.title(), v.path).toBe(`${v.title} · MVRSP Assess`);
  if (signedIn && !v.noShell) {
    const menu = page.getByRole('button', { name: 'Open menu' });
    const box = await menu.boundingBox();
    expect(box, `${v.path}: the menu button is on screen`).not.toBeNull();
    expect(box!.x + box!.width, `${v.path}: the menu button is on screen`).toBeLessThanOrEqual(320);
    await menu.click();
    const logout = page.locator('#mobile-menu').getByRole('button', { name: 'Logout' });
    expect(await logout.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close menu' }).click();
  }
}

async function screenshots(ctxs: BrowserContext[], v: Visit) {
  for (const ctx of ctxs) {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(v.path);
    await v.ready(page);
    await page.waitForTimeout(150);
    await saveShot(page, `${DIR}/${v.name}-${page.viewportSize()!.width}.png`, { fullPage: true });
  }
}

describe.skipIf(!HAS_CHROMIUM)('every page reflows to 320 px (Chromium)', () => {
  let h: Harness;
  let api: TestServer;
  let owner: Member;
  let inProgress: string;
  /** The last question of the open assessment, where "Previous" and "Submit Assessment" share a row. */
  let lastQuestion: string;
  let submitted: string;
  let inviteToken: string;

  beforeAll(async () => {
    mkdirSync(DIR, { recursive: true });
    h = await startHarness();
    api = asTestServer(h);
    owner = await createOrgAdmin(api, { organizationName: 'Reflow University of Extraordinarily Long Names', email: `reflow-${Date.now()}@reflow.test` });
    const questionIds = ((await api.json('GET', '/api/questions', undefined, owner.accessToken)).body as { id: string }[]).map((q) => q.id);
    const create = async () => (await api.json('POST', '/api/assessments/create', { organizationId: owner.organizationId }, owner.accessToken)).body.assessmentId as string;
    submitted = await create();
    for (const [i, questionId] of questionIds.entries()) await api.json('POST', `/api/assessments/${submitted}/responses`, { questionId, answer: i % 5 ? 'yes' : 'no' }, owner.accessToken);
    await api.json('POST', `/api/assessments/${submitted}/submit`, {}, owner.accessToken);
    inProgress = await create();
    const asked = (await api.json('GET', `/api/questions?assessmentId=${inProgress}`, undefined, owner.accessToken)).body as QuestionView[];
    const domains = (await api.json('GET', '/api/domains', undefined, owner.accessToken)).body as DomainView[];
    lastQuestion = groupByDomain(asked, domains).at(-1)!.questions.at(-1)!.id;
    await api.json('POST', '/api/auth/invite', { email: 'a-very-long-invitee-address@reflow-university.test', organizationId: owner.organizationId }, owner.accessToken);
    inviteToken = inviteTokenFor(api, 'a-very-long-invitee-address@reflow-university.test');
    await signInSystemAdmin(api);
  });
  afterAll(async () => {
    await h?.close();
  });

  const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

  it('public pages', { timeout: 180_000 }, async () => {
    const visits: Visit[] = [
      { path: '/login', name: 'login', ready: heading, title: 'Sign in' },
      { path: '/signup', name: 'signup', ready: heading, title: 'Create account' },
      { path: `/signup?org=${crypto.randomUUID()}`, name: 'signup-unknown-org', ready: heading, title: 'Create account' },
      { path: '/forgot-password', name: 'forgot-password', ready: heading, title: 'Forgot password' },
      { path: '/reset-password', name: 'reset-password', ready: heading, title: 'Reset password' },
      { path: '/how-scoring-works', name: 'how-scoring-works', ready: heading, title: 'How scoring works' },
      { path: '/verify/AAAAAAAAAAAAAAAAAAAA', name: 'verify-unknown', ready: (p) => p.getByText('No certification record has this code').waitFor(), title: 'Verify a self-certification' },
      { path: `/invite/${inviteToken}`, name: 'invite', ready: (p) => p.getByText('a-very-long-invitee-address@reflow-university.test').first().waitFor(), title: 'Invitation' },
    ];
    const small = await h.newContext({ width: 320, height: 720 });
    const page = await small.newPage();
    await checkAt320(page, { path: '/', name: 'landing', ready: heading, title: '' }, false).catch((e: unknown) => {
      if (!String(e).includes('MVRSP Assess')) throw e; // the landing page keeps the app's full name as its title
    });
    for (const v of visits) await checkAt320(page, v, false);
    const ctxs = TAKE_SHOTS ? [await h.newContext({ width: 390, height: 844 }), await h.newContext({ width: 1280, height: 800 })] : [];
    for (const v of visits) await screenshots(ctxs, v);
    for (const c of [small, ...ctxs]) await c.close();
  });

  it('organization pages (org admin)', { timeout: 180_000 }, async () => {
    const visits: Visit[] = [
      { path: '/dashboard', name: 'dashboard', ready: (p) => p.getByTestId('passed-assessments').waitFor(), title: 'Dashboard' },
      { path: `/assessment/${inProgress}`, name: 'questionnaire', ready: (p) => p.getByTestId('question-code').waitFor(), title: 'Assessment' },
      { path: `/assessment/${inProgress}?q=${lastQuestion}`, name: 'questionnaire-last', ready: (p) => p.getByTestId('submit-assessment').waitFor(), title: 'Assessment' },
      { path: `/assessment/${submitted}`, name: 'results', ready: (p) => p.getByText(/Gap analysis|Corrective action/i).first().waitFor(), title: 'Assessment results' },
      { path: '/organization', name: 'organization', ready: (p) => p.getByRole('heading', { name: 'Team members' }).waitFor(), title: 'Organization' },
      { path: '/certification', name: 'certification', ready: (p) => p.getByRole('heading', { name: 'Who can sign' }).waitFor(), title: 'Self-certification' },
      { path: '/how-scoring-works', name: 'how-scoring-works-signed-in', ready: heading, title: 'How scoring works', noShell: true },
      { path: '/content/releases', name: 'releases', ready: (p) => p.getByRole('heading', { name: 'Release v1' }).waitFor(), title: 'What changed' },
    ];
    const ctxs: BrowserContext[] = [];
    for (const width of TAKE_SHOTS ? [320, 390, 1280] : [320]) {
      const ctx = await h.newContext({ width, height: 800 });
      await signInAs(h, await ctx.newPage(), owner.email, owner.password);
      ctxs.push(ctx);
    }
    for (const v of visits) await checkAt320(ctxs[0]!.pages()[0]!, v, true);
    for (const v of visits) await screenshots(ctxs.slice(1), v);
    for (const c of ctxs) await c.close();
  });

  it('system admin: platform dashboard and every admin tab', { timeout: 180_000 }, async () => {
    const visits: Visit[] = [
      { path: '/dashboard', name: 'admin-dashboard', ready: (p) => p.getByTestId('platform-overview').waitFor(), title: 'Dashboard' },
      { path: '/admin/questions', name: 'admin-questions', ready: (p) => p.getByRole('row').nth(1).waitFor(), title: 'Admin: Questions' },
      { path: '/admin/organizations', name: 'admin-organizations', ready: (p) => p.getByText('Reflow University of Extraordinarily Long Names').first().waitFor(), title: 'Admin: Organizations' },
      { path: '/admin/assessments', name: 'admin-assessments', ready: (p) => p.getByText('Reflow University of Extraordinarily Long Names').first().waitFor(), title: 'Admin: Assessments' },
      { path: '/admin/users', name: 'admin-users', ready: (p) => p.getByText(owner.email).first().waitFor(), title: 'Admin: Users' },
      { path: '/admin/audit-log', name: 'admin-audit-log', ready: (p) => p.getByRole('row').nth(1).waitFor(), title: 'Admin: Audit log' },
    ];
    const ctxs: BrowserContext[] = [];
    for (const width of TAKE_SHOTS ? [320, 390, 1280] : [320]) {
      const ctx = await h.newContext({ width, height: 800 });
      await signInAs(h, await ctx.newPage(), h.admin.email, h.admin.password);
      ctxs.push(ctx);
    }
    const page = ctxs[0]!.pages()[0]!;
    // The system admin's dashboard: platform figures, no organization cards.
    await page.getByTestId('platform-overview').waitFor();
    expect(Number(await page.getByTestId('overview-organizations').textContent())).toBeGreaterThanOrEqual(1);
    expect(Number(await page.getByTestId('overview-assessments').textContent())).toBeGreaterThanOrEqual(1);
    expect(await page.getByText('Not available offline').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Start Assessment' }).count()).toBe(0);
    expect(await page.getByText('Manage team').count()).toBe(0);
    expect(await page.getByTestId('passed-assessments').count()).toBe(0);
    for (const v of visits) await checkAt320(page, v, true);
    for (const v of visits) await screenshots(ctxs.slice(1), v);
    for (const c of ctxs) await c.close();
  });
});
