// Data ownership in a real browser against the real server: an org_admin downloads the
// organization export from the Organization page; a system admin deletes an organization through
// the typed-name danger dialog on the admin Organizations page.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import JSZip from 'jszip';
import { MSG } from '#domain/messages.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filledOrganization, sha256, type FilledOrg } from '#server/features/data-export/data-export.test-helpers.ts';
import { signInWithSecondFactor } from '#tests/setup/auth.ts';
import { asTestServer } from './assessment-helpers.ts';
import { collectErrors, HAS_CHROMIUM, shot, signInAs, startHarness, type Harness } from './harness.ts';

const noSideScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe.skipIf(!HAS_CHROMIUM)('organization export and deletion (Chromium)', () => {
  let h: Harness;
  let a: FilledOrg;
  let b: FilledOrg;
  beforeAll(async () => {
    h = await startHarness();
    const server = asTestServer(h);
    a = await filledOrganization(server, 'Alphaowned Research', { paid: true, emailTag: 'alphae2e' });
    b = await filledOrganization(server, 'Betaowned Institute', { paid: false, emailTag: 'betae2e' });
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  it('an org_admin downloads the whole organization as one zip; a team member sees no export', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, a.admin.email, a.admin.password);
    await page.goto('/organization');
    const card = page.getByRole('heading', { name: 'Export organization data' });
    await card.waitFor();
    expect(await page.title()).toMatch(/Organization/);
    await page.getByText('All evidence files, byte for byte').waitFor();
    await page.getByRole('button', { name: 'Export organization data' }).scrollIntoViewIfNeeded();
    await shot(page, 'data-export-1280', false);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export organization data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mvrsp-export-alphaowned-research-\d{4}-\d{2}-\d{2}\.zip$/);
    // The browser's own download of a one-time link (streamed to disk with its progress), not a Blob built in the tab.
    expect(download.url()).toMatch(new RegExp(`^${h.baseUrl}/api/organization/export/download\\?token=[A-Za-z0-9_-]{43}$`));
    expect(new URL(page.url()).pathname).toBe('/organization');
    await page.getByText('Your organization export is downloading. Your browser shows its progress in its downloads.').waitFor();
    const zip = await JSZip.loadAsync(await readFile((await download.path())!));
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
    expect(manifest.organization).toEqual({ id: a.orgId, name: a.name });
    const [evidence] = JSON.parse(await zip.file(`assessments/${a.assessmentId}/evidence.json`)!.async('string'));
    expect(sha256(await zip.file(evidence.export_path)!.async('uint8array'))).toBe(sha256(a.evidenceBytes));
    expect(Object.keys(zip.files).join('\n')).not.toContain(b.assessmentId);
    // The button keeps keyboard focus through the export (aria-disabled while busy, never `disabled`).
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Export organization data');
    expect(errors).toEqual([]);
    await ctx.close();

    for (const width of [390, 320]) {
      const narrow = await h.newContext({ width, height: 844 });
      const p = await narrow.newPage();
      await signInAs(h, p, a.admin.email, a.admin.password);
      await p.goto('/organization');
      await p.getByRole('button', { name: 'Export organization data' }).scrollIntoViewIfNeeded();
      await noSideScroll(p, width);
      if (width === 390) await shot(p, 'data-export-390', false);
      await narrow.close();
    }

    const memberCtx = await h.newContext();
    const memberPage = await memberCtx.newPage();
    await signInAs(h, memberPage, a.member.email, a.member.password);
    await memberPage.goto('/organization');
    await memberPage.getByRole('heading', { name: 'Team members' }).or(memberPage.getByText(a.member.email)).first().waitFor();
    expect(await memberPage.getByRole('button', { name: 'Export organization data' }).count()).toBe(0);
    await memberCtx.close();
  });

  it('a system admin deletes an organization only after typing its exact name, and returns to the list with a notice', async () => {
    const oldName = b.name;
    const renamed = 'Betaowned Institute (renamed)';
    for (const width of [390, 1280]) {
      const ctx = await h.newContext({ width, height: width === 390 ? 844 : 800 });
      const page = await ctx.newPage();
      const errors = collectErrors(page);
      await signInAs(h, page, h.admin.email, h.admin.password);
      await page.goto('/admin/organizations');
      await page.getByRole('button', { name: `Delete ${b.name}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: `Delete ${b.name}?` }).waitFor();
      const confirm = dialog.getByRole('button', { name: 'Delete organization' });
      const field = dialog.getByLabel(/Type the organization's name to confirm/);
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await confirm.isDisabled()).toBe(true);
      await field.fill(b.name.toLowerCase());
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByText('2 members lose access and are signed out').waitFor();
      await dialog.getByText('Members keep their sign-in accounts, but cannot use the app again unless another organization invites them.', { exact: false }).waitFor();
      await shot(page, `data-delete-dialog-${width}`, false);
      if (width === 390) {
        await noSideScroll(page, 390);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(await page.getByRole('button', { name: `Delete ${b.name}` }).count()).toBe(1);
        await ctx.close();
        continue;
      }
      // B's org_admin renames it while the dialog is open: the old name is refused, the dialog
      // reloads and shows the new one, and the admin finishes without reloading the page.
      const rename = await h.server.app.request('/api/organization/update', {
        method: 'PUT',
        headers: { authorization: `Bearer ${b.admin.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: renamed }),
      });
      expect(rename.status, await rename.text()).toBe(200);
      await field.fill(oldName);
      await confirm.click();
      await dialog.getByRole('alert').getByText(MSG.organizationRenamedWhileOpen(renamed)).waitFor();
      await dialog.getByRole('heading', { name: `Delete ${renamed}?` }).waitFor();
      expect(await field.inputValue()).toBe('');
      expect(await confirm.isDisabled()).toBe(true);
      await shot(page, 'data-delete-renamed-1280', false);
      await field.fill(renamed);
      expect(await confirm.isDisabled()).toBe(false);
      await confirm.click();
      await page.getByText(`${renamed} and all of its data were deleted`).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Delete ${a.name}` }).waitFor();
      expect(await page.getByRole('button', { name: `Delete ${renamed}` }).count()).toBe(0);
      // Focus lands on the page's search field, not on <body> (the row's Delete button is gone).
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Search organizations');
      await shot(page, 'data-delete-done-1280');
      expect(errors).toEqual([]);
      await ctx.close();
    }
    // B's admin is signed out of the app (the profile is removed); A is untouched.
    const gone = await h.server.app.request('/api/auth/profile', { headers: { authorization: `Bearer ${b.admin.accessToken}` } });
    expect([401, 403]).toContain(gone.status);
    const kept = await h.server.app.request('/api/auth/profile', { headers: { authorization: `Bearer ${a.admin.accessToken}` } });
    expect(kept.status).toBe(200);
  });

  it("a deleted organization's former org_admin who signs in again is told why and gets no new organization", async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(b.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(b.admin.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText(MSG.organizationDeleted).waitFor();
    await shot(page, 'data-delete-former-member-1280', false);
    // The same state as any removed member who signs in: why, and Logout, never a Retry that
    // cannot succeed (src/app/profile-problem.tsx), and nothing of an organization.
    await page.getByText(MSG.organizationDeletedTitle).waitFor();
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Betaowned').count()).toBe(0);
    expect(await page.getByRole('link', { name: /Organization/ }).count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'data-delete-former-member-390', false);
    await ctx.close();
    const sys = await signInWithSecondFactor(asTestServer(h), h.admin.email, h.admin.password); // system admins need aal2 (ADR 040)
    const res = await asTestServer(h).json('GET', '/api/admin/organizations', undefined, sys.accessToken);
    const names = (res.body.organizations as { name: string }[]).map((o) => o.name);
    expect(names).toContain(a.name);
    expect(names.filter((n) => n.startsWith('Betaowned'))).toEqual([]);
  });
});
