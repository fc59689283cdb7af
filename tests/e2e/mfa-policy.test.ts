// The organization's two-step verification policy in the browser (ADR 040): an org_admin who
// verified their own second factor turns it on from the Organization page (confirmed first), the
// API then refuses a member's aal1 session with 403 mfa_required, and the "Reset two-step
// verification" actions on the members list and the admin Users page reset a lost factor. Keyboard
// reachable, axe-core clean (WCAG 2.1 AA), at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_MSG } from '#domain/mfa-messages.ts';
import { createOrgAdmin, joinOrganization, type Member } from '#tests/isolation/fixtures.ts';
import { asTestServer } from './assessment-helpers.ts';
import type { Page } from 'playwright-core';
import { axeViolations, collectErrors, HAS_CHROMIUM, shot, shotAtBothWidths, signInAs, startHarness, tabTo, type Harness } from './harness.ts';

/** An open dialog at both widths: the viewport only (a full-page capture leaves out the top layer). */
async function dialogShots(page: Page, name: string): Promise<void> {
  await shotAtBothWidths(page, name);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await shot(page, `${name}-dialog-${width}`, false);
  }
}

describe.skipIf(!HAS_CHROMIUM)('two-step verification policy (Chromium)', () => {
  let h: Harness;
  let admin: Member;
  let member: Member;
  beforeAll(async () => {
    h = await startHarness();
    const api = asTestServer(h);
    admin = await createOrgAdmin(api, { organizationName: 'Keyed University', firstName: 'Ada', lastName: 'Admin' });
    member = await joinOrganization(api, admin.organizationId!, { firstName: 'Tess', lastName: 'Member' });
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  const memberCall = (path: string) => h.server.app.request(path, { headers: { authorization: `Bearer ${member.accessToken}` } });

  it('an org_admin requires it from the Organization page; the member is then refused at aal1', async () => {
    expect((await memberCall('/api/assessments')).status).toBe(200);
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, admin.email, admin.password, { secondFactor: true });
    await page.goto('/organization');
    await page.getByRole('heading', { name: 'Sign-in security' }).waitFor();
    const toggle = page.getByRole('switch', { name: 'Require two-step verification for every member' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await tabTo(page, toggle, 120);
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog', { name: 'Require two-step verification?' });
    await dialog.getByText(MFA_MSG.mfaPolicyEnableConfirm).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialogShots(page, 'mfa-policy-confirm');
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Require it' }).click();
    await page.getByText(MFA_MSG.mfaPolicyOn).waitFor();
    await page.waitForFunction(() => document.querySelector('[role="switch"][aria-checked="true"]') !== null);

    const refused = await memberCall('/api/assessments');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'mfa_required', error: MFA_MSG.mfaRequired });
    expect((await memberCall('/api/sync/pull')).status).toBe(403);

    // The members list offers the reset for the team member (not for the admin themselves).
    const reset = page.getByRole('button', { name: 'Reset two-step verification of Tess Member' });
    await tabTo(page, reset, 120);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await confirm.getByText(MFA_MSG.mfaResetConfirm('Tess Member')).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Reset' }).click();
    await page.getByText(MFA_MSG.mfaFactorsReset('Tess Member')).waitFor();
    expect(await page.getByRole('button', { name: 'Reset two-step verification of Ada Admin' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'mfa-policy-organization');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a system admin resets an org_admin from the Users page', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signInAs(h, page, h.admin.email, h.admin.password);
    await page.goto('/admin/users');
    const reset = page.getByRole('button', { name: `Reset two-step verification of ${admin.email}` });
    await reset.waitFor();
    await tabTo(page, reset, 80);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reset two-step verification?' });
    await dialog.getByText(MFA_MSG.mfaResetConfirm(admin.email)).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialogShots(page, 'mfa-policy-admin-users-confirm');
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await page.getByText(MFA_MSG.mfaFactorsReset('Ada Admin')).waitFor();
    await ctx.close();
  });
});
