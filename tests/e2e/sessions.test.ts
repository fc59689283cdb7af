// Sessions and the organization's audit log in the browser (ADR 042): a member signs in through the
// login form, sees their sessions on /account/security and signs out another one by keyboard (its
// token stops working at once); the org_admin sets session limits on the Organization page and
// reads the audit log (filters, empty state, CSV download). axe-core clean, at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MSG } from '#domain/session-messages.ts';
import { signInUser } from '#tests/setup/auth.ts';
import { createOrgAdmin, joinOrganization, type Member } from '#tests/isolation/fixtures.ts';
import { asTestServer } from './assessment-helpers.ts';
import { axeViolations, collectErrors, HAS_CHROMIUM, shotAtBothWidths, signIn, signInAs, startHarness, tabTo, type Harness } from './harness.ts';

describe.skipIf(!HAS_CHROMIUM)('sessions and the audit log (Chromium)', () => {
  let h: Harness;
  let admin: Member;
  let member: Member;
  beforeAll(async () => {
    h = await startHarness();
    const api = asTestServer(h);
    admin = await createOrgAdmin(api, { organizationName: 'Session University', firstName: 'Ada', lastName: 'Admin' });
    member = await joinOrganization(api, admin.organizationId!, { firstName: 'Tess', lastName: 'Member' });
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  const status = async (token: string) => (await h.server.app.request('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } })).status;

  it('a member sees their sessions and signs out another one by keyboard', async () => {
    // A second session elsewhere (a script: no User-Agent, no address).
    const elsewhere = await signInUser(asTestServer(h), member.email, member.password);
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signIn(page, member.email, member.password);
    await page.goto('/account/security');
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    const list = page.getByRole('list', { name: 'Your sessions' });
    await list.getByText('This device').waitFor();
    expect(await list.getByText('Chrome on Linux').count()).toBeGreaterThan(0);
    expect(await list.getByText('This server (loopback), 127.0.0.1').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'sessions-list');
    await page.setViewportSize({ width: 1280, height: 900 });

    const before = await list.getByRole('listitem').count();
    expect(before).toBeGreaterThanOrEqual(3); // this browser, the script, the fixture's first session
    const endOne = list.getByRole('button', { name: 'Sign out Unknown device, Unknown' }).first();
    await tabTo(page, endOne, 80);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText(SESSION_MSG.sessionEnded).waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('[aria-label="Your sessions"] > li').length === n - 1, before);
    // One of the two script sessions ended: the other signs out everywhere else.
    const statuses = [await status(elsewhere.accessToken), await status(member.accessToken)].sort();
    expect(statuses).toEqual([200, 401]);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await confirm.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByText(SESSION_MSG.otherSessionsEnded(1)).waitFor();
    expect(await status(elsewhere.accessToken)).toBe(401);
    expect(await list.getByRole('listitem').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // The list cannot be read: said in words, the rest of the page still works.
    await page.route('**/api/account/sessions', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Sessions are briefly unavailable', code: 'unavailable' }) }),
    );
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'Could not load your sessions' }).waitFor();
    await page.getByRole('heading', { name: 'Sign-in security', level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'sessions-error');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('the org_admin sets session limits and reads the audit log: filters, empty state, CSV', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, admin.email, admin.password);
    await page.goto('/organization');
    await page.getByRole('heading', { name: 'Session limits' }).waitFor();
    await page.getByLabel('Idle timeout (minutes)').fill('3');
    await page.getByRole('button', { name: 'Save session limits' }).click();
    await page.getByText(SESSION_MSG.idleBounds).waitFor();
    await page.getByLabel('Idle timeout (minutes)').fill('480');
    await page.getByLabel('Maximum session age (hours)').fill('720');
    await page.getByRole('button', { name: 'Save session limits' }).click();
    await page.getByText(SESSION_MSG.sessionPolicySaved).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Dismiss' }).click(); // the toast would cover the screenshots
    await shotAtBothWidths(page, 'organization-session-limits');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('link', { name: 'audit log' }).click();
    await page.waitForURL('**/organization/audit-log');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.waitForFunction(() => document.title.startsWith('Audit log'));
    const table = page.getByRole('table', { name: 'Audit log' });
    await table.getByText('Sign-in security changed').first().waitFor();
    await table.getByText('Session ended').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'organization-audit-log');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel('Person').selectOption({ label: 'Tess Member' });
    await page.getByLabel('Kind').selectOption({ label: 'Session ended' });
    await page.getByText('Page 1: showing 2').waitFor();
    expect(await table.getByRole('row').count()).toBe(3); // the header and the two ended sessions

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);

    await page.getByLabel('From').fill('2999-01-01');
    await page.getByText('No event matches these filters.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'organization-audit-log-empty');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The server fails: said in words with a Retry, which reads again once it answers.
    await page.route('**/api/organization/audit-log**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'The audit log is briefly unavailable', code: 'unavailable' }) }),
    );
    await page.getByLabel('From').fill('2000-01-01'); // a query not read before (the cache would answer it)
    const failed = page.getByRole('alert').filter({ hasText: 'Could not load the audit log' });
    await failed.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'organization-audit-log-error');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.unroute('**/api/organization/audit-log**');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Page 1: showing 2').waitFor();

    // Offline: the log is read from the server only, and the page says so.
    await ctx.setOffline(true);
    await page.getByLabel('Kind').selectOption({ label: 'Sign-in' });
    await page.getByText('The audit log is read from the server: it shows once you are back online.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'organization-audit-log-offline');
    await ctx.setOffline(false);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
