// The action plan page in real Chromium (ADR 019): actions carried from one assessment into the next
// and closed when answered Yes, overdue ones flagged, filters, the Excel export, the copy saved on
// the device when offline, and the report gate before payment.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { correctiveActions, responses } from '#server/db/schema/index.ts';
import { loadAssessmentQuestions } from '#server/features/questions/index.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { asTestServer } from './assessment-helpers.ts';
import { collectErrors, HAS_CHROMIUM, saveShot, SHOTS_DIR, signInAs, startHarness, type Harness } from './harness.ts';

const ordinary = QUESTION_BANK.filter((q) => !q.critical);
/** X: No twice (carried). Y: No, then Yes (closed automatically). Z: No twice, then past due (overdue). */
const [X, Y, Z] = [ordinary[0]!, ordinary[1]!, ordinary[2]!];
const shotPath = (name: string) => path.join(SHOTS_DIR, 'actions', `${name}.png`);

async function noHorizontalScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

describe.skipIf(!HAS_CHROMIUM)('action plan across assessments (Chromium)', () => {
  let h: Harness;
  let admin: Member;
  let teammate: Member;
  let second: string;

  beforeAll(async () => {
    h = await startHarness();
    const api = asTestServer(h);
    const db = h.server.deps.db;
    admin = await createOrgAdmin(api, { organizationName: 'Harbor Institute', firstName: 'Ada', lastName: 'Admin' });
    teammate = await joinOrganization(api, admin.organizationId!, { firstName: 'Tess', lastName: 'Member' });
    const cycle = async (no: readonly string[]): Promise<string> => {
      const created = await api.json('POST', '/api/assessments/create', { organizationId: admin.organizationId, startFrom: 'blank' }, admin.accessToken);
      const id = created.body.assessmentId as string;
      const asked = await loadAssessmentQuestions({ db }, id);
      await db.delete(responses).where(eq(responses.assessmentId, id));
      await db.insert(responses).values(asked.map((q) => ({ assessmentId: id, organizationId: admin.organizationId!, questionId: q.id, answer: no.includes(q.code) ? ('no' as const) : ('yes' as const) })));
      const submitted = await api.json('POST', `/api/assessments/${id}/submit`, undefined, admin.accessToken);
      if (submitted.status !== 200) throw new Error(`submit failed: ${JSON.stringify(submitted.body)}`);
      return id;
    };
    await cycle([X.code, Y.code, Z.code]);
    second = await cycle([X.code, Z.code]);
    await cycle([X.code, Z.code]);
    await db
      .update(correctiveActions)
      .set({ targetDate: new Date(Date.now() - 3 * 24 * 3600 * 1000) })
      .where(and(eq(correctiveActions.organizationId, admin.organizationId!), eq(correctiveActions.code, Z.code)));
    const sys = await signInSystemAdmin(api);
    const paid = await api.json('POST', `/api/admin/organizations/${admin.organizationId}/subscription`, { paidUntil: new Date(Date.now() + 365 * 86_400_000).toISOString() }, sys.accessToken);
    if (paid.status !== 200) throw new Error('payment verification failed');
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  const item = (page: Page, code: string) => page.locator(`[data-testid="action-item"][data-code="${code}"]`);

  it('lists carried and closed actions, flags overdue, filters, edits inline and exports', async () => {
    const ctx = await h.newContext({ width: 1280, height: 900 });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, admin.email, admin.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Action plan' }).click();
    await page.getByRole('heading', { level: 1, name: 'Action plan' }).waitFor();
    expect(await page.title()).toBe('Action plan · MVRSP Assess');

    await item(page, X.code).waitFor();
    expect(await page.locator('[data-testid="action-item"]').count()).toBe(3);
    expect(await item(page, X.code).getByTestId('action-provenance').textContent()).toMatch(/^Opened in the assessment of /);
    expect(await item(page, Y.code).getByTestId('action-closed-note').textContent()).toMatch(/Closed automatically: answered Yes in the assessment submitted on \d{4}-\d{2}-\d{2}/);
    expect(await item(page, Z.code).getByText('Overdue', { exact: true }).count()).toBe(1);
    expect(await item(page, X.code).getByText('Overdue', { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('action-plan-counts').textContent()).toContain('2 open actions');
    await saveShot(page, shotPath('action-plan-1280'), { fullPage: true });

    // Filters: closed only, then overdue only.
    await page.getByLabel('Status', { exact: true }).first().selectOption('closed');
    await expect.poll(() => page.locator('[data-testid="action-item"]').count()).toBe(1);
    await item(page, Y.code).waitFor();
    await page.getByLabel('Status', { exact: true }).first().selectOption('all');
    await page.getByLabel('Overdue only').check();
    await expect.poll(() => page.locator('[data-testid="action-item"]').count()).toBe(1);
    await item(page, Z.code).waitFor();
    expect(await page.getByTestId('action-plan-shown').textContent()).toBe('Showing 1 of 3 actions.');

    // The export carries the same filter.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mvrsp-action-plan-harbor-institute-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    const bytes = await readFile((await download.path())!);
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const sheet = wb.worksheets[0]!;
    const codes = Array.from({ length: sheet.rowCount - 5 }, (_, i) => sheet.getRow(6 + i).getCell(1).value);
    expect(codes).toEqual([Z.code]);
    expect(sheet.getRow(6).getCell(8).value).toBe('Overdue');

    // Inline edit: assign the overdue one to the teammate.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    // Each row's controls carry the action's code in their names, apart from the filters' "Owner" and "Status".
    expect(await item(page, Z.code).textContent()).toContain('Target date ');
    await page.getByLabel(`Owner of ${Z.code}`, { exact: true }).selectOption({ label: 'Tess Member' });
    expect(await page.getByLabel(`Status of ${Z.code}`, { exact: true }).count()).toBe(1);
    expect(await page.getByLabel(`Notes for ${Z.code}`, { exact: true }).count()).toBe(1);
    await item(page, Z.code).getByText('Saved').waitFor();
    await page.locator('form[role="search"]').getByLabel('Owner').selectOption({ label: 'Tess Member' });
    await expect.poll(() => page.locator('[data-testid="action-item"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('shows "Carried from" on the later assessment\'s action list', async () => {
    const ctx = await h.newContext({ width: 1280, height: 900 });
    const page = await ctx.newPage();
    await signInAs(h, page, admin.email, admin.password);
    await page.goto(`/assessment/${second}`);
    await item(page, X.code).waitFor();
    expect(await item(page, X.code).getByTestId('action-provenance').textContent()).toMatch(/^Carried from the assessment of /);
    await item(page, X.code).scrollIntoViewIfNeeded();
    await saveShot(page, shotPath('results-carried-1280'), { fullPage: false });
    await ctx.close();
  });

  it('reflows as cards on a phone and shows the saved copy read-only offline', async () => {
    const ctx = await h.newContext({ width: 390, height: 844 });
    const page = await ctx.newPage();
    await signInAs(h, page, teammate.email, teammate.password);
    await page.goto('/action-plan');
    await item(page, X.code).waitFor();
    await noHorizontalScroll(page);
    await saveShot(page, shotPath('action-plan-390'), { fullPage: true });
    await page.setViewportSize({ width: 320, height: 800 });
    await noHorizontalScroll(page);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await ctx.setOffline(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('link', { name: 'Action plan' }).click();
    await page.getByText('You are offline', { exact: true }).waitFor();
    await item(page, X.code).waitFor();
    expect(await item(page, X.code).getByLabel('Status').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Export XLSX' }).isDisabled()).toBe(true);
    await noHorizontalScroll(page);
    await saveShot(page, shotPath('action-plan-offline-390'), { fullPage: true });
    await ctx.setOffline(false);
    await ctx.close();
  });

  it('shows the report gate before payment', async () => {
    const unpaid = await createOrgAdmin(asTestServer(h), { organizationName: 'Unpaid Lab' });
    const ctx = await h.newContext({ width: 390, height: 844 });
    const page = await ctx.newPage();
    await signInAs(h, page, unpaid.email, unpaid.password);
    await page.goto('/action-plan');
    await page.getByRole('heading', { level: 2, name: 'Unlock the detailed report' }).waitFor();
    await noHorizontalScroll(page);
    await saveShot(page, shotPath('action-plan-gate-390'), { fullPage: true });
    await ctx.close();
  });
});
