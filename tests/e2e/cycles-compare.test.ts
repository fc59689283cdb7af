// Comparison and trend in a real browser against the real server: a first assessment submitted
// through the API, the second started and submitted through the UI (its questions showing their
// previous answers; the two that change answered with the keyboard, the rest through the API), then the results list the question that regressed and the one that improved,
// and the dashboard draws the score trend at phone and desktop widths without sideways scrolling.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainView } from '#domain/contracts/assessments.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { groupByDomain } from '../../src/features/assessment/hooks/questionnaire-nav.ts';
import { createOrgAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { answerAll, createAssessment, getQuestions } from '#server/features/assessments/assessments.test-helpers.ts';
import { answerWithKeyboard, asTestServer } from './assessment-helpers.ts';
import { collectErrors, HAS_CHROMIUM, saveShot, shot, SHOTS_DIR, signInAs, startHarness, type Harness } from './harness.ts';

const NOT_CRITICAL = QUESTION_BANK.filter((q) => !q.critical);
/** Yes in the first assessment, No in the second: the heaviest good-practice question, so the score falls. */
const REGRESSED = [...NOT_CRITICAL].sort((a, b) => b.points - a.points)[0]!;
/** No in the first, Yes in the second: lighter, in another domain (so each of the two domains moves), not the first question (which shows a previous Yes). */
const IMPROVED = NOT_CRITICAL.find((q) => q !== QUESTION_BANK[0] && q.domainId !== REGRESSED.domainId && q.points < REGRESSED.points)!;

/** The id of the question with `code` in the assessment's version of the bank. */
async function questionIdOf(api: ReturnType<typeof asTestServer>, token: string, assessmentId: string, code: string): Promise<string> {
  const q = (await getQuestions(api, token, assessmentId)).find((x) => x.code === code);
  if (!q) throw new Error(`${code} is not asked`);
  return q.id;
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.skipIf(!HAS_CHROMIUM)('cycles: comparison with the previous assessment, trend, previous answers (Chromium)', () => {
  let h: Harness;
  let admin: Member;
  let firstScore: number;
  beforeAll(async () => {
    h = await startHarness();
    const api = asTestServer(h);
    admin = await createOrgAdmin(api, { organizationName: 'Harbor Institute', firstName: 'Ada', lastName: 'Admin' });
    const first = await createAssessment(api, admin.accessToken, admin.organizationId);
    await answerAll(api, admin.accessToken, first, (q) => (q.code === IMPROVED.code ? 'no' : 'yes'));
    const submitted = await api.json('POST', `/api/assessments/${first}/submit`, undefined, admin.accessToken);
    expect(submitted.status).toBe(200);
    firstScore = submitted.body.totalScore;
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  it('the second assessment shows previous answers, its results list the regression, the dashboard draws the trend', { timeout: 600_000 }, async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, admin.email, admin.password);

    // One submitted assessment: the trend card shows the point and says a trend needs two.
    const card = page.getByTestId('trend-card');
    await card.waitFor();
    await card.getByText('A trend needs two submitted assessments').waitFor();

    // The second assessment, through the UI: every question shows how it was answered before.
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    // A submitted assessment exists, so the start page offers to carry it; this test answers afresh.
    await page.getByRole('radio', { name: /Start blank/ }).check();
    await page.getByRole('button', { name: 'Start assessment' }).click();
    await page.waitForURL(/\/assessment\/[0-9a-f-]{36}$/);
    await page.getByTestId('question-code').waitFor();
    const previously = page.getByTestId('previous-answers');
    await previously.waitFor();
    expect(await previously.textContent()).toMatch(/^Previously: Yes · Ada Admin · /);
    await shot(page, 'questionnaire-previously');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, 'questionnaire-previously-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Every other question Yes through the API (answering in the page is the subject of
    // tests/e2e/assessment.test.ts); the page then shows them, from the server.
    const api = asTestServer(h);
    const secondId = page.url().split('/').pop()!;
    const moved = new Set([IMPROVED.code, REGRESSED.code]);
    await answerAll(api, admin.accessToken, secondId, () => 'yes', (q) => moved.has(q.code));
    const total = QUESTION_BANK.length;
    await page.reload();
    await page.getByTestId('overall-progress').getByText(`${total - 2} of ${total} answered`).waitFor();
    // The two that move: each shows its previous answer, and is answered with the keyboard.
    for (const [q, previous, answer] of [[IMPROVED, 'No', 'yes'], [REGRESSED, 'Yes', 'no']] as const) {
      await page.goto(`/assessment/${secondId}?q=${await questionIdOf(api, admin.accessToken, secondId, q.code)}`);
      await page.getByTestId('question-code').getByText(q.code, { exact: true }).waitFor();
      expect(await previously.textContent()).toMatch(new RegExp(`^Previously: ${previous} · Ada Admin`));
      await answerWithKeyboard(page, answer);
    }
    await page.getByTestId('overall-progress').getByText(`${total} of ${total} answered`).waitFor();
    // Submit sits on the last question.
    const asked = await getQuestions(api, admin.accessToken, secondId);
    const domains = (await api.json('GET', '/api/domains', undefined, admin.accessToken)).body as DomainView[];
    await page.goto(`/assessment/${secondId}?q=${groupByDomain(asked, domains).at(-1)!.questions.at(-1)!.id}`);
    await page.getByTestId('submit-assessment').click();

    // Results: the comparison with the first assessment.
    await page.getByTestId('result-score').waitFor({ timeout: 30_000 });
    const comparison = page.getByTestId('comparison');
    await comparison.getByTestId('compare-total').waitFor();
    const secondScore = Number((await page.getByTestId('result-score').textContent())?.split('/')[0]);
    expect(secondScore - firstScore).toBe(IMPROVED.points - REGRESSED.points);
    expect(await comparison.getByTestId('compare-total').textContent()).toContain(`${firstScore}to${secondScore}`);
    const regressed = comparison.getByTestId('regressed').getByTestId('question-change');
    expect(await regressed.count()).toBe(1);
    expect(await regressed.textContent()).toContain(REGRESSED.code);
    expect(await regressed.textContent()).toContain(REGRESSED.questionText);
    const improved = comparison.getByTestId('improved').getByTestId('question-change');
    expect(await improved.count()).toBe(1);
    expect(await improved.textContent()).toContain(IMPROVED.code);
    expect(await comparison.getByTestId('domain-delta').count()).toBe(5);
    await comparison.scrollIntoViewIfNeeded();
    await shot(page, 'results-comparison');
    await saveShot(comparison, `${SHOTS_DIR}/results-comparison-card.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await noHorizontalScroll(page)).toBe(true);
    // Phones list the domains one per line (the table's change column would scroll out of view).
    expect(await comparison.getByTestId('domain-delta').first().isVisible()).toBe(false);
    expect(await comparison.getByTestId('domain-delta-item').filter({ hasText: 'pts' }).count()).toBeGreaterThanOrEqual(1);
    await saveShot(comparison, `${SHOTS_DIR}/results-comparison-card-phone.png`);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Dashboard: the trend of both, at desktop and phone widths, with its table alternative.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/dashboard');
    await card.waitFor();
    await card.getByText(`Score fell from ${firstScore} to ${secondScore} over 2 assessments.`).first().waitFor();
    const chart = card.getByRole('img', { name: /Total score out of 140/ });
    expect(await chart.isVisible()).toBe(true);
    expect(await card.locator('[data-testid="trend-total"] circle').count()).toBe(2);
    expect(await noHorizontalScroll(page)).toBe(true);
    await saveShot(card, `${SHOTS_DIR}/dashboard-trend.png`);
    await shot(page, 'dashboard-trend-page');

    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    expect(await noHorizontalScroll(page)).toBe(true);
    const svgWidth = await card.locator('[data-testid="trend-total"] svg').evaluate((el) => el.getBoundingClientRect().width);
    expect(svgWidth).toBeLessThanOrEqual(390);
    await card.getByRole('button', { name: 'Show each domain' }).click();
    expect(await card.getByTestId('trend-domain').count()).toBe(5);
    await card.getByText('Show the numbers as a table').click();
    const table = card.getByRole('table', { name: /oldest first/ });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    expect(await table.getByRole('row').nth(1).textContent()).toContain(`${firstScore}/140`);
    expect(await table.getByRole('row').nth(2).textContent()).toContain(`${secondScore}/140`);
    expect(await noHorizontalScroll(page)).toBe(true);
    await saveShot(card, `${SHOTS_DIR}/dashboard-trend-phone.png`);
    await shot(page, 'dashboard-trend-page-phone');

    expect(errors).toEqual([]);
    await ctx.close();
  });
});
