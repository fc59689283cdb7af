// The product's core loop in a real browser against the real server: sign up, start an assessment,
// answer every question (partly offline, with an offline reload), submit when online, read the results
// and the detailed report (gated, then released after payment verification).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { failSummary } from '#domain/scoring/scoring.ts';
import { PROFILE_WITH_EVERY_DUTY } from '#domain/questions/applicability.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import { signInSystemAdmin } from '#tests/isolation/fixtures.ts';
import { axeViolations, collectErrors, HAS_CHROMIUM, saveShot, shot, shotAtBothWidths, SHOTS_DIR, signInAs, startHarness, type Harness } from './harness.ts';
import { answerWithKeyboard, asTestServer, currentCode, expectedResult, fillApplicabilityForm, newOrgAdminSignedIn, nextWithKeyboard, pageToken, unsyncedCount } from './assessment-helpers.ts';

/** One critical and a few ordinary No answers, so the result fails for two kinds of reasons. */
const critical = QUESTION_BANK.find((q) => q.critical)!.code;
const ordinary = QUESTION_BANK.filter((q) => !q.critical)
  .filter((_, i) => i % 7 === 0)
  .map((q) => q.code);
const NO_CODES = new Set([critical, ...ordinary]);
const answerFor = (code: string) => (NO_CODES.has(code) ? 'no' : 'yes');

describe.skipIf(!HAS_CHROMIUM)('assessment: questionnaire, offline, submit, results, report (Chromium)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a new user answers everything, partly offline, submits when online and sees consistent results', { timeout: 180_000 }, async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const reportRequests: string[] = [];
    page.on('request', (r) => /\/api\/assessments\/[^/]+\/report$/.test(new URL(r.url()).pathname) && reportRequests.push(r.url()));
    const email = `assessor-${Date.now()}@college.test`;

    // A new organization's admin (the sign-up wizard itself: shell.test.ts), signed in.
    const user = await newOrgAdminSignedIn(h, page, { firstName: 'Avery', lastName: 'Assessor', email, organizationName: 'Westbrook College' });

    // Empty dashboard.
    await page.getByText(MSG.noAssessmentsYet).waitFor();
    expect(await page.getByTestId('passed-assessments').textContent()).toBe('No assessment submitted yet');
    expect(await page.getByTestId('member-count').textContent()).toBe('1');
    await shot(page, 'dashboard-empty');

    // Start: the first assessment asks for the applicability profile (every duty: the whole bank is
    // asked), then /assessment/new replaces itself with /assessment/<id>.
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.getByRole('heading', { name: 'Before your first assessment' }).waitFor();
    await fillApplicabilityForm(page, PROFILE_WITH_EVERY_DUTY);
    await page.getByRole('button', { name: 'Save and start assessment' }).click();
    await page.waitForURL(/\/assessment\/[0-9a-f-]{36}$/);
    const assessmentId = page.url().split('/').pop()!;
    await page.getByTestId('question-code').waitFor();
    expect(await page.getByRole('tab').count()).toBe(5);
    expect(await page.getByTestId('next-question').isDisabled()).toBe(true);
    await shot(page, 'questionnaire-desktop');

    // Make the service worker control the page so it reloads offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await page.getByTestId('question-code').waitFor();

    const total = QUESTION_BANK.length;
    const answered: Record<string, 'yes' | 'no'> = {};
    const answerCurrent = async () => {
      const code = await currentCode(page);
      await answerWithKeyboard(page, answerFor(code));
      answered[code] = answerFor(code);
    };

    // First 5 online.
    for (let i = 0; i < 5; i++) {
      await answerCurrent();
      await nextWithKeyboard(page);
    }
    await expect.poll(() => unsyncedCount(page), { timeout: 20_000 }).toBe(0);

    // Next 4 offline: saved on this device, then an offline reload keeps them.
    await ctx.setOffline(true);
    for (let i = 0; i < 4; i++) {
      await answerCurrent();
      if (i < 3) await nextWithKeyboard(page);
    }
    await page.locator('[data-sync-state="pending"]').waitFor();
    await shot(page, 'questionnaire-offline');
    expect(await unsyncedCount(page)).toBeGreaterThanOrEqual(4);
    await page.reload();
    await page.getByTestId('question-code').waitFor();
    await page.getByTestId('overall-progress').getByText(`9 of ${total} answered`).waitFor();

    // Back online: everything syncs and the server has all 9 answers.
    await ctx.setOffline(false);
    await expect.poll(() => unsyncedCount(page), { timeout: 20_000 }).toBe(0);
    const token = await pageToken(page);
    const res = await h.server.app.request(`/api/assessments/${assessmentId}/responses`, { headers: { authorization: `Bearer ${token}` } });
    const serverAnswers = (await res.json()) as { question_id: string; answer: string }[];
    expect(serverAnswers).toHaveLength(9);

    // The rest online; the page resumed at the first unanswered question.
    while (Object.keys(answered).length < total) {
      await answerCurrent();
      if (Object.keys(answered).length < total) await nextWithKeyboard(page);
    }

    // Submit when online: queued while offline, sent on reconnect.
    await ctx.setOffline(true);
    const submit = page.getByTestId('submit-assessment');
    await submit.getByText('Submit when online').waitFor();
    await submit.click();
    await page.getByText('Queued for submission').waitFor();
    expect(await page.getByTestId('answer-yes').isDisabled()).toBe(true);
    await shot(page, 'questionnaire-submit-queued');
    // Still the questionnaire while the submission waits (once online it may turn into the results at any moment).
    expect(await page.title()).toBe('Assessment · MVRSP Assess');
    await ctx.setOffline(false);

    // Results: consistent with the domain's scoring of the same answers.
    const expected = expectedResult(answered);
    await page.getByTestId('result-score').waitFor({ timeout: 30_000 });
    // Same path, now the results: their own title.
    await expect.poll(() => page.title()).toBe('Assessment results · MVRSP Assess');
    expect((await page.getByTestId('result-score').textContent())?.replace(/\s/g, '')).toBe(`${expected.totalScore}/140`);
    expect(await page.getByTestId('result-grade').textContent()).toBe(expected.grade);
    expect(await page.getByTestId('result-pass-fail').textContent()).toContain(failSummary(expected) ?? expected.passFail);
    expect(await page.getByTestId('domain-score').count()).toBe(5);
    for (const reason of expected.failReasons) await page.getByText(reason, { exact: false }).first().waitFor();

    // Report gated until payment is verified (never paid: not even requested, so no 403 is logged).
    await page.getByTestId('report-gate').waitFor();
    expect(reportRequests).toEqual([]);
    // Before payment every gap shows with its corrective action and priority (ADR 012).
    expect(await page.getByTestId('free-gap-item').count()).toBe(NO_CODES.size);
    expect(await page.getByTestId('free-gap-item').first().textContent()).toMatch(/priority/);
    // A gap's sources open from the keyboard, each a dated citation; the opened list is axe-clean and fits 390 px.
    const firstGap = page.getByTestId('free-gap-item').first();
    const sourcesToggle = firstGap.locator('summary', { hasText: /^Sources \(\d+\)$/ });
    await sourcesToggle.focus();
    await page.keyboard.press('Enter');
    await firstGap.getByTestId('free-gap-citation').first().waitFor();
    expect(await firstGap.getByTestId('free-gap-citation').first().textContent()).toMatch(/\d{4}/);
    expect(await axeViolations(page)).toEqual([]);
    await firstGap.scrollIntoViewIfNeeded();
    await shotAtBothWidths(page, 'results-gap-sources-open');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Framework coverage (domain/questions/crosswalks.ts): a heading, then one line per framework in words.
    const coverage = page.getByTestId('framework-coverage');
    await coverage.getByRole('heading', { level: 2, name: 'Framework coverage' }).waitFor();
    expect(await coverage.getByTestId('framework-coverage-item').count()).toBe(4);
    expect(await coverage.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      expect.stringMatching(/^NSPM-33 cybersecurity protocols: \d+ of 14 met, (no gaps|\d+ gaps?)$/),
      expect.stringMatching(/^FAR 52\.204-21 \(CMMC Level 1\): \d+ of 15 met/),
      expect.stringMatching(/^NIST SP 800-171 Rev\. 2: \d+ of 110 met/),
      expect.stringMatching(/^NIST SP 800-171 Rev\. 3: \d+ of 97 met/),
    ]);
    await saveShot(coverage, `${SHOTS_DIR}/results-framework-coverage.png`);
    const pay = page.getByRole('link', { name: /Pay for the subscription/ });
    expect(await pay.getAttribute('target')).toBe('_blank');
    expect(await pay.getAttribute('rel')).toBe('noopener noreferrer');
    await shot(page, 'results-report-gated');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'results-report-gated-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A system admin verifies the payment; the report is released.
    const api = asTestServer(h);
    const admin = await signInSystemAdmin(api);
    const profile = await api.json('GET', '/api/auth/profile', undefined, token);
    const paid = await api.json('POST', `/api/admin/organizations/${profile.body.organization.id}/subscription`, { paidUntil: '2099-12-31' }, admin.accessToken);
    expect(paid.status).toBe(200);
    await page.reload();
    await page.getByTestId('report-released').waitFor();
    expect(reportRequests.length).toBeGreaterThan(0);
    expect(await page.getByTestId('gap-item').count()).toBe(NO_CODES.size);
    expect(await page.getByTestId('action-item').count()).toBe(NO_CODES.size);

    // Edit the first corrective action: owner, status and notes are saved via PATCH.
    const item = page.getByTestId('action-item').first();
    await item.getByLabel('Owner').selectOption({ label: 'Avery Assessor' });
    await item.getByText('Saved').waitFor();
    await item.getByLabel('Status').selectOption('in_progress');
    await item.getByText('Saved').waitFor();
    await item.getByRole('textbox', { name: 'Notes' }).fill('Draft policy with the provost by Friday.');
    await item.getByRole('button', { name: 'Save notes' }).click();
    await item.getByText('Saved').waitFor();
    await shot(page, 'results-report-released');
    await saveShot(page.getByRole('heading', { name: 'Gap analysis' }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]'), `${SHOTS_DIR}/report-gap-analysis.png`);
    await saveShot(item, `${SHOTS_DIR}/report-action-item.png`);
    const report = await api.json('GET', `/api/assessments/${assessmentId}/report`, undefined, token);
    const first = report.body.correctiveActions[0];
    expect(first).toMatchObject({ status: 'in_progress', notes: 'Draft policy with the provost by Friday.', owner_name: 'Avery Assessor' });
    expect(await page.getByTestId('free-gap-item').count()).toBe(0);

    // After a reload the item shows what the server saved at once (no stale snapshot).
    await page.reload();
    await page.getByTestId('report-released').waitFor();
    const reloaded = page.getByTestId('action-item').first();
    expect(await reloaded.getByLabel('Status').inputValue()).toBe('in_progress');
    expect(await reloaded.getByLabel('Owner').locator('option:checked').textContent()).toBe('Avery Assessor');

    // A colleague's change in between is not overwritten: the conflict is shown and can be re-applied.
    const colleague = await api.json('PATCH', `/api/actions/${first.id}`, { status: 'done', baseVersion: first.version }, token);
    expect(colleague.status).toBe(200);
    await reloaded.getByLabel('Status').selectOption('open');
    const conflict = reloaded.getByTestId('action-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toMatch(/Changed by Avery Assessor at .*status Done.*Your change: status Open/);
    expect(await reloaded.getByLabel('Status').inputValue()).toBe('done');
    await saveShot(reloaded, `${SHOTS_DIR}/report-action-conflict.png`);
    await conflict.getByRole('button', { name: 'Apply my change again' }).click();
    await reloaded.getByText('Saved').waitFor();
    expect(await reloaded.getByLabel('Status').inputValue()).toBe('open');

    // Dashboard history. Reached in the app, the results' own title gives way to the dashboard's.
    expect(await page.title()).toBe('Assessment results · MVRSP Assess');
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.title()).toBe('Dashboard · MVRSP Assess');
    await page.goto('/dashboard');
    const row = page.getByTestId('assessment-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain(assessmentId.slice(0, 8));
    expect(await row.textContent()).toContain('Submitted');
    expect(await row.textContent()).toContain(`${expected.totalScore}/140`);
    expect(await row.textContent()).toContain(failSummary(expected) ?? expected.passFail);
    expect(await page.getByTestId('passed-assessments').textContent()).toBe(`${expected.passFail === 'Pass' ? 1 : 0} / 1`);
    await shot(page, 'dashboard-history');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'dashboard-history-phone', false);
    expect(errors).toEqual([]);
    await ctx.close();

    // The same results on a phone.
    const phone = await h.newContext({ width: 390, height: 844 });
    const p2 = await phone.newPage();
    await signInAs(h, p2, user.email, user.password);
    await p2.getByRole('link', { name: 'View' }).click();
    await p2.getByTestId('result-score').waitFor();
    await p2.getByTestId('report-released').waitFor();
    expect(await p2.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(p2, 'results-phone', false);
    // Scrolled so the section's heading sits below the sticky app header, then the viewport.
    await p2.getByTestId('framework-coverage').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
    await shot(p2, 'results-framework-coverage-phone', false);
    await phone.close();
  });

  it('how scoring works renders the policy', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await page.goto('/how-scoring-works');
    await page.getByRole('heading', { name: 'How scoring works', level: 1 }).waitFor();
    expect(await page.getByTestId('pass-threshold').textContent()).toContain('112 of 140');
    expect(await page.getByTestId('points-total').textContent()).toBe('140');
    // Critical requirements are summarised per domain (counts and points), not listed by text.
    const gated = DOMAINS.map((d) => ({ name: d.name, count: QUESTION_BANK.filter((q) => q.domainId === d.id && q.critical).length })).find((d) => d.count > 0)!;
    expect(await page.getByTestId('critical-summary').textContent()).toContain(`${gated.name}${gated.count} critical`);
    await shot(page, 'how-scoring-works');
    // On a phone the points per domain stack under each name instead of a table cut off at the side.
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.getByRole('table', { name: 'Points per domain' }).isVisible()).toBe(false);
    const phoneList = page.getByTestId('domain-points-list');
    expect(await phoneList.isVisible()).toBe(true);
    const listBox = (await phoneList.boundingBox())!;
    for (const item of await phoneList.getByRole('listitem').all()) {
      const box = (await item.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(listBox.x + listBox.width + 0.5);
      expect(await item.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await ctx.close();
  });
});
