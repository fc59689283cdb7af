// The admin area and the report downloads in a real browser against the real server.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { createOrgAdmin, joinOrganization, type Member } from '#tests/isolation/fixtures.ts';
import { answerAll, createAssessment } from '#server/features/assessments/assessments.test-helpers.ts';
import { asTestServer } from './assessment-helpers.ts';
import { collectErrors, HAS_CHROMIUM, shot, signInAs, startHarness, type Harness } from './harness.ts';

/** The bank's first audit question (codes follow the bank; a code can be retired). */
const AUDIT_CODE = QUESTION_BANK.find((q) => q.code.startsWith('AU-0'))!.code;

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).first().click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path!) };
}

describe.skipIf(!HAS_CHROMIUM)('admin area and report downloads (Chromium)', () => {
  let h: Harness;
  let acme: Member;
  let member: Member;
  let beta: Member;
  let assessmentId: string;
  let score: number;
  beforeAll(async () => {
    h = await startHarness();
    const server = asTestServer(h);
    acme = await createOrgAdmin(server, { organizationName: 'Acme Research' });
    member = await joinOrganization(server, acme.organizationId!, { firstName: 'Tess', lastName: 'Member' });
    beta = await createOrgAdmin(server, { organizationName: 'Beta Lab' });
    assessmentId = await createAssessment(server, acme.accessToken, acme.organizationId);
    await answerAll(server, acme.accessToken, assessmentId, (q) => (['CI-08', 'AU-02'].includes(q.code) ? 'no' : 'yes'));
    const submitted = await server.json('POST', `/api/assessments/${assessmentId}/submit`, undefined, acme.accessToken);
    score = submitted.body.totalScore;
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  it('is for system admins only; before payment the results explain how to buy and offer no download', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signInAs(h, page, acme.email, acme.password);
    await page.goto(`/assessment/${assessmentId}`);
    await page.getByTestId('report-gate').waitFor();
    await page.getByText('$7,500').first().waitFor();
    expect(await page.getByRole('button', { name: 'PDF report' }).count()).toBe(0);
    const refused = await h.server.app.request(`/api/assessments/${assessmentId}/report.pdf`, { headers: { authorization: `Bearer ${acme.accessToken}` } });
    expect(refused.status).toBe(403);
    await page.goto('/admin/questions');
    await page.waitForURL('**/dashboard');
    await ctx.close();
  });

  it('questions: first 10 with "Showing 10 of N", search, paging and an edit that publishes a version', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, h.admin.email, h.admin.password);
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await page.waitForURL('**/admin/questions');
    const questions = await h.server.app.request('/api/questions', { headers: { authorization: `Bearer ${acme.accessToken}` } });
    const total = ((await questions.json()) as unknown[]).length;
    await page.getByText(`Showing 10 of ${total}`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(10);
    await shot(page, 'admin-questions');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of').waitFor();
    await page.getByLabel('Search questions').fill('AU-0');
    await page.waitForFunction(() => [...document.querySelectorAll('tbody tr td:first-child')].every((td) => td.textContent?.startsWith('AU-0')));

    await page.getByRole('button', { name: `Edit ${AUDIT_CODE}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Question text').fill('Does the audit function review the research security program at least once a year?');
    await dialog.getByLabel('Release note (what changed and why)').fill('Asks for a yearly review, as the audit plan does.');
    await shot(page, 'admin-questions-edit', false);
    await dialog.getByRole('button', { name: 'Save and publish' }).click();
    await page.getByText(`${AUDIT_CODE} updated. Published questionnaire v2.`).waitFor();
    await page.getByText('Does the audit function review the research security program at least once a year?').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('organizations: verify a payment and suspend with a reason', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signInAs(h, page, h.admin.email, h.admin.password);
    await page.goto('/admin/organizations');
    const acmeRow = page.locator('tr', { hasText: 'Acme Research' });
    await acmeRow.getByText('Not paid').waitFor();
    // Each row's buttons are named with their organization (one "Verify payment" per row otherwise).
    await page.getByRole('button', { name: 'Verify payment for Acme Research', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Verify payment' }).click();
    await acmeRow.getByText(/Paid until/).waitFor();

    const betaRow = page.locator('tr', { hasText: 'Beta Lab' });
    await betaRow.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('dialog').getByLabel('Reason shown to members').fill('Invoice 1042 is overdue');
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await betaRow.getByText('Suspended').waitFor();
    await betaRow.getByText('Invoice 1042 is overdue').waitFor();
    await shot(page, 'admin-organizations');

    await page.getByLabel('Search organizations').fill('no such organization');
    await page.getByText(MSG.noOrganizations).waitFor();
    await ctx.close();

    // A member of the suspended organization can still sign in, and sees why it is read-only.
    const memberCtx = await h.newContext();
    const memberPage = await memberCtx.newPage();
    await signInAs(h, memberPage, beta.email, beta.password);
    await memberPage.getByText('Your organization is suspended').waitFor();
    expect(await memberPage.getByTestId('suspended-reason').textContent()).toBe('Reason: Invoice 1042 is overdue');
    await shot(memberPage, 'admin-suspended-member', false);
    await memberCtx.close();
  });

  it('assessments: every organization, score and grade, and the admin PDF download', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signInAs(h, page, h.admin.email, h.admin.password);
    await page.goto('/admin/assessments');
    const row = page.locator('tr', { hasText: 'Acme Research' });
    await row.getByText(`${score}/140`).waitFor();
    await shot(page, 'admin-assessments');
    const pdf = await download(page, 'PDF report');
    expect(pdf.name).toMatch(/^mvrsp-report-acme-research-[0-9a-f]{8}\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByLabel('Search assessments').fill('zzz');
    await page.getByText(MSG.noAssessments).waitFor();
    await ctx.close();
  });

  it('users: change a role, disable and re-enable; the audit log shows every action', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signInAs(h, page, h.admin.email, h.admin.password);
    await page.goto('/admin/users');
    const row = page.locator('tr', { hasText: member.email });
    await row.getByLabel(`Role of ${member.email}`).selectOption('org_admin');
    await page.getByRole('dialog').getByRole('button', { name: 'Change role' }).click();
    await page.getByText('Tess Member is now Organization Admin.').waitFor();
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled').waitFor();
    await shot(page, 'admin-users');
    const refused = await h.server.app.request('/api/auth/profile', { headers: { authorization: `Bearer ${member.accessToken}` } });
    expect([401, 403]).toContain(refused.status);
    await row.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
    await row.getByText('Active').waitFor();

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/admin/audit-log');
    for (const label of ['User enabled', 'User disabled', 'Role changed', 'Organization suspended', 'Payment verified', 'Question edited']) {
      await page.getByRole('cell', { name: label, exact: true }).first().waitFor();
    }
    await shot(page, 'admin-audit-log');
    await ctx.close();
  });

  it('an organization member downloads the Word report and the Excel action plan from the results', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signInAs(h, page, acme.email, acme.password);
    await page.goto(`/assessment/${assessmentId}`);
    await page.getByTestId('report-released').waitFor();
    const docx = await download(page, 'Word report');
    expect(docx.name).toMatch(/\.docx$/);
    expect(docx.bytes.subarray(0, 2).toString()).toBe('PK');
    const xlsx = await download(page, 'Action plan (Excel)');
    expect(xlsx.name).toMatch(/^mvrsp-corrective-actions-acme-research-.*\.xlsx$/);
    await shot(page, 'admin-report-downloads', false);
    await ctx.close();
  });
});
