// The dashboard's upcoming-deadlines panel in a real browser against the real server: a college
// with the HEA §117 duty sees January 31 and July 31, worded as owed only after a reportable gift
// or contract, with their citation; a paid organization's overdue corrective action stands out; the
// reassessment is a suggestion; dates read as every other page's; links lead into the app, and the
// saved copy shows when the server cannot be reached. A company without dated duties and no assessment sees that nothing is due.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '#domain/dates.ts';
import { assessmentQuestions, correctiveActions, evidenceFiles, organizations } from '#server/db/schema/index.ts';
import { COMPANY_PROFILE, SECTION_117_PROFILE, submitAssessmentFor } from '#server/features/jobs/jobs.test-helpers.ts';
import { createOrgAdmin } from '#tests/isolation/fixtures.ts';
import { asTestServer } from './assessment-helpers.ts';
import { collectErrors, HAS_CHROMIUM, shot, signInAs, startHarness, type Harness } from './harness.ts';

/** At both widths: no sideways scroll, and a screenshot for the record. */
async function shotsAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `deadlines-${name}-${width}`);
  }
}

describe.skipIf(!HAS_CHROMIUM)('dashboard deadlines panel (Chromium)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists Section 117 dates with their source, flags an overdue action, links into the app and keeps a saved copy', { timeout: 240_000 }, async () => {
    const server = asTestServer(h);
    const admin = await createOrgAdmin(server, { organizationName: 'Gift College', applicability: SECTION_117_PROFILE });
    const assessmentId = await submitAssessmentFor(server, admin, (code) => code === 'PP-23');
    const db = h.server.deps.db;
    const today = utcDay(new Date());
    await db.update(correctiveActions).set({ ownerId: admin.userId, targetDate: new Date(`${addDays(today, -3)}T12:00:00Z`) }).where(eq(correctiveActions.assessmentId, assessmentId));
    // Paid: the action plan and its target dates are released (ADR 012).
    await db.update(organizations).set({ paidUntil: new Date(`${addDays(today, 365)}T00:00:00Z`) }).where(eq(organizations.id, admin.organizationId!));
    const [q] = await db.select().from(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, assessmentId)).limit(1);
    const evidenceId = randomUUID();
    await db.insert(evidenceFiles).values({
      id: evidenceId,
      organizationId: admin.organizationId!,
      assessmentId,
      questionId: q!.questionId,
      fileName: 'foreign-gifts-policy.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 10,
      sha256: 'e'.repeat(64),
      bytesReceived: 10,
      storageKey: `test/${evidenceId}`,
      status: 'attached',
      expiresOn: addDays(today, 5),
      uploadedBy: admin.userId,
    });

    const ctx = await h.newContext({ serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, admin.email, admin.password);
    const panel = page.getByTestId('deadlines-panel');
    await panel.getByRole('heading', { name: 'Upcoming deadlines' }).waitFor();
    const section117 = /^Section 117 report due (January|July) 31 if you received a reportable foreign gift or contract$/;
    await panel.getByText(section117).first().waitFor();
    expect(await panel.getByText(section117).count()).toBe(2);
    expect(await panel.getByText(/Source: HEA §117/).count()).toBeGreaterThanOrEqual(2);
    expect(await panel.getByText('Legal date', { exact: true }).count()).toBe(2);
    await panel.getByText('Suggested next assessment', { exact: true }).waitFor();
    await panel.getByText('Suggested', { exact: true }).waitFor();
    // Days read as on every other page, never as ISO strings.
    expect(await panel.innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const dates = await panel.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')));
    expect(dates.filter((d) => /-(01|07)-31$/.test(d ?? '')).length).toBeGreaterThanOrEqual(2);
    expect(dates).toEqual([...dates].sort());
    await panel.getByText('Overdue', { exact: true }).first().waitFor();
    await panel.getByText('Evidence expires: foreign-gifts-policy.pdf', { exact: true }).waitFor();
    await panel.getByText('Standing duties and duties not yet in force', { exact: false }).click();
    await panel.getByText('Standing duty', { exact: true }).first().waitFor();
    await shotsAtBothWidths(page, 'college');

    // A link opens the question in the assessment.
    await panel.getByRole('link', { name: 'Open: Evidence expires: foreign-gifts-policy.pdf' }).click();
    await page.waitForURL((url) => url.pathname === `/assessment/${assessmentId}`);

    // The server unreachable: the panel shows the copy saved on this device.
    await page.route('**/api/deadlines', (route) => route.abort('internetdisconnected'));
    await page.goto('/dashboard');
    await panel.getByText(/showing the copy saved on this device/).waitFor();
    await panel.getByText(section117).first().waitFor();
    await shotsAtBothWidths(page, 'saved-copy');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a company without dated duties and no assessment yet sees that nothing is due', { timeout: 120_000 }, async () => {
    const server = asTestServer(h);
    const admin = await createOrgAdmin(server, { organizationName: 'Plain Company', applicability: COMPANY_PROFILE });
    const ctx = await h.newContext({ serviceWorkers: 'block' });
    const page = await ctx.newPage();
    await signInAs(h, page, admin.email, admin.password);
    const panel = page.getByTestId('deadlines-panel');
    await panel.getByRole('heading', { name: 'Upcoming deadlines' }).waitFor();
    await panel.getByText(/^Nothing is due\./).waitFor();
    expect(await panel.locator('time').count()).toBe(0);
    expect(await panel.getByText('Section 117').count()).toBe(0);
    await shotsAtBothWidths(page, 'company');
    await ctx.close();
  });
});
