// Citations on the question card in a real browser against the real server: each source shows its
// title as a link to the public text (a new tab, said in words), its issuing body, date, pinpoint and
// where it stands with its effective date, at 390 and 1280 px, reachable by keyboard and axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citationDateText, citationStatusText } from '#domain/questions/citation.ts';
import { citationViewOf } from '#domain/questions/sources.ts';
import { loadAssessmentQuestions } from '#server/features/questions/index.ts';
import { axeViolations, collectErrors, HAS_CHROMIUM, shotAtBothWidths, startHarness, tabTo, type Harness } from './harness.ts';
import { newOrgAdminSignedIn, setApplicability } from './assessment-helpers.ts';

describe.skipIf(!HAS_CHROMIUM)('citations on the question card (Chromium)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows a dated, linked citation with its issuer and status at 390 and 1280 px', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await newOrgAdminSignedIn(h, page, { firstName: 'Cyrus', lastName: 'Cites', email: `citations-${Date.now()}@college.test`, organizationName: 'Cited Sources Lab' });
    await setApplicability(h, page);
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.waitForURL(/\/assessment\/[0-9a-f-]{36}$/);
    const assessmentId = page.url().split('/').pop()!;
    // PP-02 cites NIH NOT-OD-25-133 (asked of NIH-funded organizations: the profile has every duty).
    const question = (await loadAssessmentQuestions(h.server.deps, assessmentId)).find((q) => q.sources.includes('nihOd25133'))!;
    await page.goto(`/assessment/${assessmentId}?q=${question.id}`);
    await page.getByTestId('question-code').getByText(question.code).waitFor();

    const locale = await page.evaluate(() => navigator.language);
    const nih = citationViewOf('nihOd25133');
    const sources = page.getByRole('complementary', { name: 'Guidance for this question' });
    const citation = sources.getByTestId('citation').filter({ hasText: 'NIH NOT-OD-25-133' });
    const link = citation.getByRole('link', { name: `${nih.document} (opens in a new tab)` });

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe('https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-133.html');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      const text = (await citation.textContent()) ?? '';
      expect(text).toContain('National Institutes of Health');
      expect(text).toContain(citationDateText(nih, { locale })); // Jul 17, 2025
      expect(text).toContain(nih.pinpoint!);
      expect(text).toContain(citationStatusText(nih, { locale })); // In force since Oct 1, 2025
      expect(text).toMatch(/In force since .*2025/);
      // The whole card stays within the screen: long titles and pinpoints wrap.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const box = (await citation.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // The link is reached with the keyboard.
      await page.getByTestId('question-position').click();
      await tabTo(page, link, 120);
      expect(await axeViolations(page)).toEqual([]);
    }
    // Every source of the question is shown, each with a date.
    expect(await sources.getByTestId('citation').count()).toBe(question.sources.length);
    await citation.scrollIntoViewIfNeeded();
    await shotAtBothWidths(page, 'citations/question-card-citations');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
