// Re-assessment in a real browser against the real server (ADR 019): a first assessment is
// submitted; the next one starts from it, its answers carried "To re-confirm" and the questions
// asked for the first time marked "New". Offline, answers are re-confirmed one by one, one domain
// in bulk after an explicit confirmation, and one is changed; back online the queue drains, a
// reload shows the same state, and the submitted result says how the carried start went.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentDetail, QuestionView } from '#domain/contracts/assessments.ts';
import { questionsFor, PROFILE_WITH_EVERY_DUTY, type ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import { formatDate } from '#domain/dates.ts';
import { collectErrors, HAS_CHROMIUM, shot, startHarness, type Harness } from './harness.ts';
import { answerAll, createAssessment } from '#server/features/assessments/assessments.test-helpers.ts';
import { answerWithKeyboard, asTestServer, currentCode, nextWithKeyboard, pageToken, setApplicability, newOrgAdminSignedIn, unsyncedCount } from './assessment-helpers.ts';

/** The first cycle's profile: one funding agency, no special activities (fewer questions asked). */
const FIRST_PROFILE: ApplicabilityProfile = { kind: 'ihe', covered: true, agencies: ['nsf'], activities: [] };
const FIRST = questionsFor(QUESTION_BANK, FIRST_PROFILE);
const SECOND = questionsFor(QUESTION_BANK, PROFILE_WITH_EVERY_DUTY);
const NEW_COUNT = SECOND.length - FIRST.length;
/** The domain confirmed in bulk: the first, every question of which was asked the first time too. */
const BULK_DOMAIN = DOMAINS[0]!;
const BULK_COUNT = FIRST.filter((q) => q.domainId === BULK_DOMAIN.id).length;
/** Chooses an answer with the mouse (the domain tabs keep the keyboard after a tab is clicked) and waits until it shows as given. */
async function choose(page: Page, value: 'yes' | 'no'): Promise<void> {
  await page.getByTestId(`answer-${value}`).click();
  await page.locator(`[data-testid="answer-${value}"][aria-pressed="true"]`).waitFor();
}

/** Next with the mouse; waits for another question. */
async function next(page: Page): Promise<void> {
  const before = await currentCode(page);
  await page.locator('[data-testid="next-question"]:not([disabled])').click();
  await page.waitForFunction((code) => document.querySelector('[data-testid="question-code"]')?.textContent?.trim() !== code, before);
}

/** A domain's tab (its name followed by its progress). */
const domainTab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });

describe.skipIf(!HAS_CHROMIUM)('cycles: a re-assessment starts from the last one, re-confirmed offline (Chromium)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('carries, re-confirms (one by one, in bulk, changed), syncs, reloads and submits with the carry summary', async () => {
    expect(NEW_COUNT).toBeGreaterThan(0);
    expect(SECOND.filter((q) => q.domainId === BULK_DOMAIN.id)).toHaveLength(BULK_COUNT);
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const email = `reassessor-${Date.now()}@college.test`;
    const admin = await newOrgAdminSignedIn(h, page, { firstName: 'Robin', lastName: 'Reassessor', email, organizationName: 'Eastfield College' });
    await setApplicability(h, page, FIRST_PROFILE);
    const api = asTestServer(h);

    // The first assessment: every question Yes, submitted (through the API: answering in the page
    // is the subject of tests/e2e/assessment.test.ts; here it is what the second one starts from).
    const firstId = await createAssessment(api, admin.accessToken, admin.organizationId);
    expect(Object.keys(await answerAll(api, admin.accessToken, firstId, () => 'yes'))).toHaveLength(FIRST.length);
    expect((await api.json('POST', `/api/assessments/${firstId}/submit`, undefined, admin.accessToken)).status).toBe(200);
    await page.goto(`/assessment/${firstId}`);
    await page.getByTestId('result-score').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('carry-note').count()).toBe(0);
    const first = (await api.json('GET', `/api/assessments/${firstId}`, undefined, await pageToken(page))).body as AssessmentDetail;

    // The profile grows: the next assessment asks questions the first did not.
    await setApplicability(h, page, PROFILE_WITH_EVERY_DUTY);
    await page.goto('/assessment/new');
    const previous = page.getByRole('radio', { name: 'Start from your last assessment (answers carried to re-confirm)' });
    await previous.waitFor();
    expect(await previous.isChecked()).toBe(true);
    await page.getByText(`Your last assessment was submitted on ${formatDate(first.submitted_at)}.`).waitFor();
    await shot(page, 'start-choice');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'start-choice-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Start assessment' }).click();
    await page.waitForURL(/\/assessment\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    expect(id).not.toBe(firstId);
    const token = await pageToken(page);
    const questions = (await api.json('GET', `/api/questions?assessmentId=${id}`, undefined, token)).body as QuestionView[];
    expect(questions.filter((q) => q.novelty === 'new')).toHaveLength(NEW_COUNT);
    const novelty = new Map(questions.map((q) => [q.code, q.novelty]));

    // Carried answers: shown, "To re-confirm", and not counted as answered; Next waits for a choice.
    await page.getByTestId('to-confirm-mark').waitFor();
    await page.getByTestId('overall-progress').getByText(`0 of ${SECOND.length} answered`).waitFor();
    expect(await page.getByTestId('to-confirm-count').textContent()).toBe(`${FIRST.length} answers from your last assessment to re-confirm`);
    expect(await page.getByTestId('answer-yes').getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('carried-choice').textContent()).toContain('Last time');
    expect(await page.getByTestId('next-question').isDisabled()).toBe(true);
    await shot(page, 'reassess-carried');
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `reassess-carried-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // A question asked for the first time is marked "New" (opened by its link, as from a deadline).
    const fresh = questions.find((q) => q.novelty === 'new')!;
    await page.goto(`/assessment/${id}?q=${fresh.id}`);
    await page.getByTestId('novelty-note').getByText('New', { exact: true }).waitFor();
    expect(await currentCode(page)).toBe(fresh.code);
    expect(await page.getByTestId('to-confirm-mark').count()).toBe(0);
    await shot(page, 'reassess-new-question');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'reassess-new-question-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Offline from here: everything is saved on this device and queued.
    await ctx.setOffline(true);

    // The first domain in bulk, after a confirmation that says how many.
    await domainTab(page, BULK_DOMAIN.name).click();
    const bar = page.getByTestId('confirm-carried');
    expect(await bar.textContent()).toContain(`${BULK_COUNT} answers in ${BULK_DOMAIN.name} come from your last assessment`);
    await bar.getByRole('button', { name: 'Confirm unchanged answers' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('app-dialog-message').textContent()).toContain(`${BULK_COUNT} answers in ${BULK_DOMAIN.name} will be confirmed as unchanged since your last assessment.`);
    await shot(page, 'reassess-bulk-dialog', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'reassess-bulk-dialog-phone', false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: `Confirm ${BULK_COUNT} answers` }).click();
    await bar.waitFor({ state: 'detached' });
    await domainTab(page, BULK_DOMAIN.name).getByText(`${BULK_COUNT}/${BULK_COUNT} answered`).waitFor();

    // The second domain: the first carried answer changed to No, the next two confirmed one by one
    // (a question new to this cycle on the way is answered Yes).
    await domainTab(page, DOMAINS[1]!.name).click();
    let changed: string | null = null;
    let oneByOne = 0;
    let freshAnswered = 0;
    while (oneByOne < 2) {
      const code = await currentCode(page);
      if (novelty.get(code) === 'new') {
        await choose(page, 'yes');
        freshAnswered += 1;
      } else if (!changed) {
        await choose(page, 'no');
        changed = code;
      } else {
        await choose(page, 'yes');
        oneByOne += 1;
      }
      await next(page);
    }
    expect(await unsyncedCount(page)).toBeGreaterThanOrEqual(BULK_COUNT + 3);
    await shot(page, 'reassess-offline');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'reassess-offline-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Back online: the queue drains; the server has the confirmations (bulk ones marked so).
    await ctx.setOffline(false);
    await expect.poll(() => unsyncedCount(page), { timeout: 30_000 }).toBe(0);
    const carriedLeft = FIRST.length - BULK_COUNT - 3;
    const detail = (await api.json('GET', `/api/assessments/${id}`, undefined, token)).body as AssessmentDetail;
    expect(detail.to_confirm_count).toBe(carriedLeft);
    const pulled = (await api.json('GET', `/api/sync/pull?assessmentId=${id}`, undefined, token)).body as { answers: { origin: string }[] };
    expect(pulled.answers.filter((a) => a.origin === 'bulk_confirmed')).toHaveLength(BULK_COUNT);

    // A reload shows the same state, from the server and this device.
    await page.reload();
    await page.getByTestId('question-code').waitFor();
    const given = BULK_COUNT + 3 + freshAnswered;
    await page.getByTestId('overall-progress').getByText(`${given} of ${SECOND.length} answered`).waitFor();
    expect(await page.getByTestId('to-confirm-count').textContent()).toBe(`${carriedLeft} answers from your last assessment to re-confirm`);

    // Finish: every other question Yes (a carried Yes is confirmed by choosing it), the changed one stays No.
    await domainTab(page, BULK_DOMAIN.name).click();
    await page.locator('#question-text').click(); // the keyboard back to the questionnaire (out of the tabs)
    for (let i = 0; i < SECOND.length; i++) {
      if ((await currentCode(page)) !== changed) await answerWithKeyboard(page, 'yes');
      if (i < SECOND.length - 1) await nextWithKeyboard(page);
    }
    await page.getByTestId('overall-progress').getByText(`${SECOND.length} of ${SECOND.length} answered`).waitFor();
    expect(await page.getByTestId('to-confirm-count').count()).toBe(0);
    await page.getByTestId('submit-assessment').click();

    // The result says how the carried start went.
    const note = page.getByTestId('carry-note');
    await note.waitFor({ timeout: 30_000 });
    const reconfirmed = FIRST.length - 1;
    // The previous assessment's date arrives with its own request after the note first renders
    // ("the previous assessment" until then): wait for the final line.
    const expected = `Started from the assessment of ${formatDate(first.submitted_at)}: ${reconfirmed} answers re-confirmed (${BULK_COUNT} in bulk), 1 changed, ${NEW_COUNT} new or changed questions.`;
    await page.getByTestId('carry-note').getByText(expected, { exact: true }).waitFor({ timeout: 10_000 }).catch(() => undefined);
    expect(await note.textContent()).toBe(expected);
    await shot(page, 'reassess-results');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'reassess-results-phone');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

