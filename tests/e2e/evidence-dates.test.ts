// Evidence dates in a real browser against the real server (ADR 019): a file dated with an expiry
// in the past uploads and shows "Expired", and on a question that requires evidence the slot says
// the evidence has expired; a file added offline keeps the dates chosen and the server stores them
// once the device is back online; changing an uploaded file's dates offline says why it cannot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAssessmentQuestions } from '#server/features/questions/index.ts';
import { collectErrors, HAS_CHROMIUM, shot, startHarness, type Harness } from './harness.ts';
import { pageToken, setApplicability, newOrgAdminSignedIn } from './assessment-helpers.ts';

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`, 'latin1');

describe.skipIf(!HAS_CHROMIUM)('evidence dates (Chromium)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows an expired file as Expired, and keeps the dates of a file added offline', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await newOrgAdminSignedIn(h, page, { firstName: 'Dora', lastName: 'Dates', email: `evidence-dates-${Date.now()}@college.test`, organizationName: 'Dated Documents Lab' });
    await setApplicability(h, page);
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.waitForURL(/\/assessment\/[0-9a-f-]{36}$/);
    const assessmentId = page.url().split('/').pop()!;
    // Open a question that requires document evidence.
    const asked = await loadAssessmentQuestions(h.server.deps, assessmentId);
    const required = asked.find((q) => q.documentEvidenceRequired)!;
    await page.goto(`/assessment/${assessmentId}?q=${required.id}`);
    await page.getByTestId('question-code').getByText(required.code).waitFor();
    const input = page.locator('input[type=file][multiple]');
    const effective = page.getByLabel('Effective date');
    const expires = page.getByLabel('Expires on (optional)');

    // An expiry in the past: uploaded, shown Expired, and the required question says so.
    await effective.fill('2024-01-15');
    await expires.fill('2025-01-14');
    await input.setInputFiles({ name: 'insurance-2024.pdf', mimeType: 'application/pdf', buffer: pdf('insurance certificate 2024') });
    const expired = page.getByTestId('evidence-file').filter({ hasText: 'insurance-2024.pdf' });
    await expired.getByText('Uploaded').waitFor({ timeout: 30_000 });
    await expired.getByText('Effective 2024-01-15 · Expires 2025-01-14').waitFor();
    await expired.getByText('Expired', { exact: true }).waitFor();
    await page.getByText('Evidence expired: upload a current document').waitFor();
    await shot(page, 'evidence/evidence-dates-expired-1280');

    // Offline: a new file with its dates waits on this device with them.
    await ctx.setOffline(true);
    await effective.fill('2026-01-01');
    await expires.fill('2030-12-31');
    await input.setInputFiles({ name: 'insurance-2026.pdf', mimeType: 'application/pdf', buffer: pdf('insurance certificate 2026') });
    const current = page.getByTestId('evidence-file').filter({ hasText: 'insurance-2026.pdf' });
    await current.getByText('Queued').waitFor();
    await current.getByText('Effective 2026-01-01 · Expires 2030-12-31').waitFor();
    // A current file is coming: the question no longer says its evidence has expired.
    await page.getByText('Evidence expired: upload a current document').waitFor({ state: 'detached' });
    // Changing the uploaded file's dates needs a connection.
    await expired.getByRole('button', { name: 'Edit dates of insurance-2024.pdf' }).click();
    const form = page.getByRole('form', { name: 'Dates of insurance-2024.pdf' });
    await form.getByLabel('Expires on (optional)').fill('2026-01-14');
    await form.getByRole('button', { name: 'Save dates' }).click();
    await form.getByRole('alert').getByText('You are offline. Changing the dates of an uploaded file needs a connection').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'evidence/evidence-dates-offline-390');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Back online: the queued file uploads with the dates chosen offline.
    await ctx.setOffline(false);
    await current.getByText('Uploaded').waitFor({ timeout: 30_000 });
    const token = await pageToken(page);
    const list = await h.server.app.request(`/api/assessments/${assessmentId}/evidence`, { headers: { authorization: `Bearer ${token}` } });
    const files = (await list.json()) as { file_name: string; effective_on: string; expires_on: string | null; expired: boolean }[];
    expect(files.map((f) => [f.file_name, f.effective_on, f.expires_on, f.expired])).toEqual([
      ['insurance-2024.pdf', '2024-01-15', '2025-01-14', true],
      ['insurance-2026.pdf', '2026-01-01', '2030-12-31', false],
    ]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'evidence/evidence-dates-online-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'evidence/evidence-dates-online-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
