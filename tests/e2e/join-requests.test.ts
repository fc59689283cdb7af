// Join by link in a real browser (ADR 003): the org_admin copies the keyed join link, a newcomer
// signs up with it and is told the request went to the admins, the admin approves it on the
// Organization page; a new link makes the old one show "no longer valid" with a way back.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '#domain/messages.ts';
import { createOrgAdmin, joinKeyOf, joinOrganization, removeMember, type Member } from '#tests/isolation/fixtures.ts';
import { signUpUser } from '#tests/setup/auth.ts';
import { asTestServer } from './assessment-helpers.ts';
import { axeViolations, collectErrors, confirmFromMail, HAS_CHROMIUM, SHOTS_DIR, shot, signInAs, startHarness, type Harness } from './harness.ts';

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.skipIf(!HAS_CHROMIUM)('join by link with approval (Chromium)', () => {
  let h: Harness;
  let admin: Member;
  const orgName = 'Meitner Physics Lab';

  beforeAll(async () => {
    mkdirSync(`${SHOTS_DIR}/join`, { recursive: true });
    h = await startHarness();
    admin = await createOrgAdmin(asTestServer(h), { organizationName: orgName, firstName: 'Lise', lastName: 'Meitner', email: `lise-${Date.now()}@meitner.test` });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('copies the keyed link, the newcomer asks to join, the admin approves; a new link retires the old one', async () => {
    const adminCtx = await h.newContext();
    await adminCtx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
    const ap = await adminCtx.newPage();
    const adminErrors = collectErrors(ap);
    await signInAs(h, ap, admin.email, admin.password);
    await ap.goto('/organization');
    await ap.getByRole('heading', { name: 'Join link' }).waitFor();
    await ap.getByRole('heading', { name: 'Join requests' }).waitFor();
    await ap.getByRole('button', { name: 'Copy link' }).click();
    await ap.getByRole('button', { name: MSG.linkCopied }).waitFor();
    const link = await ap.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`/signup\\?org=${admin.organizationId}&key=[A-Za-z0-9_-]{32,}$`));

    // Allowed domains: a non-domain is refused with a message, a valid list is saved lower-cased.
    const domains = ap.getByLabel('Allowed e-mail domains');
    await domains.fill('meitner.test, not a domain');
    await ap.getByRole('button', { name: 'Save domains' }).click();
    await ap.getByText(MSG.joinDomainInvalid('not')).waitFor();
    await domains.fill('Physics.Example');
    await ap.getByRole('button', { name: 'Save domains' }).click();
    await ap.getByText('Allowed e-mail domains saved').waitFor();
    expect(await domains.inputValue()).toBe('physics.example');

    // The newcomer (phone width) signs up with the link: a request, not a membership.
    const guestCtx = await h.newContext({ width: 390, height: 844 });
    const gp = await guestCtx.newPage();
    const guestErrors = collectErrors(gp);
    await gp.goto(new URL(link).pathname + new URL(link).search);
    await gp.getByRole('heading', { name: MSG.joinOrgTitle(orgName) }).waitFor();
    await gp.getByLabel('First name').fill('Otto');
    await gp.getByLabel('Last name').fill('Frisch');
    await gp.getByLabel('Work email').fill('otto@elsewhere.test');
    await gp.getByLabel('Password', { exact: true }).fill('Frisch-pass-1');
    await gp.getByLabel('Confirm password').fill('Frisch-pass-1');
    await gp.getByRole('button', { name: 'Continue' }).click();
    await gp.getByText(MSG.joinAsTeamMember).waitFor();
    await shot(gp, 'join/signup-join-step-390');
    await gp.getByRole('button', { name: 'Create Account' }).click();
    await gp.getByText(MSG.joinRequestSent(orgName)).waitFor();
    expect(await pageWidth(gp)).toBeLessThanOrEqual(390);
    await shot(gp, 'join/signup-request-sent-390');
    await gp.setViewportSize({ width: 1280, height: 800 });
    await shot(gp, 'join/signup-request-sent-1280');
    await gp.setViewportSize({ width: 390, height: 844 });

    // The confirmation link signs the newcomer in; before approval that shows the waiting state, not the dashboard.
    await confirmFromMail(h, gp, 'otto@elsewhere.test', 'Frisch-pass-1');
    await gp.getByText(MSG.joinRequestPending(orgName)).waitFor();
    await shot(gp, 'join/waiting-for-approval-390');

    // The admin sees the request (name, verified e-mail, date) and approves it.
    expect(h.mail.some((m) => m.to === admin.email && m.subject.includes('Otto Frisch asks to join'))).toBe(true);
    await ap.reload();
    await ap.getByText('otto@elsewhere.test').waitFor();
    await ap.getByText('Otto Frisch').first().waitFor();
    await ap.evaluate(() => window.scrollTo(0, 0));
    await shot(ap, 'join/organization-1280');
    for (const width of [390, 320]) {
      await ap.setViewportSize({ width, height: 844 });
      expect(await pageWidth(ap), `organization page at ${width} px`).toBeLessThanOrEqual(width);
    }
    await shot(ap, 'join/organization-320');
    await ap.setViewportSize({ width: 390, height: 844 });
    await shot(ap, 'join/organization-390');
    await ap.setViewportSize({ width: 1280, height: 800 });
    await ap.getByRole('button', { name: 'Approve Otto Frisch' }).click();
    await ap.getByText(MSG.joinRequestApproved('Otto Frisch')).waitFor();
    await ap.getByRole('cell', { name: 'Otto Frisch', exact: true }).waitFor();
    await gp.getByRole('button', { name: 'Check again' }).click();
    await gp.getByText('Waiting for approval').waitFor({ state: 'detached' });
    await gp.getByTestId('header-identity').getByText(orgName).waitFor({ state: 'attached' });

    // A new link: confirmed in the app's dialog; the old link now says so and offers a way back.
    await ap.getByRole('button', { name: 'New link' }).click();
    const dialog = ap.getByRole('dialog', { name: 'Create a new join link?' });
    await dialog.waitFor();
    await shot(ap, 'join/rotate-dialog-1280', false);
    await dialog.getByRole('button', { name: 'Create new link' }).click();
    await ap.getByText(MSG.joinLinkRotated).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await ap.getByRole('textbox', { name: 'Join link', exact: true }).inputValue()).not.toBe(link);

    const lateCtx = await h.newContext({ width: 390, height: 844 });
    const lp = await lateCtx.newPage();
    await lp.goto(new URL(link).pathname + new URL(link).search);
    await lp.getByText(MSG.joinLinkInvalid).waitFor();
    await lp.getByRole('link', { name: 'create a new organization' }).waitFor();
    expect(await lp.getByRole('link', { name: 'Sign in' }).count()).toBeGreaterThan(0);
    expect(await lp.getByLabel('Work email').count()).toBe(0);
    await shot(lp, 'join/signup-link-invalid-390');
    await lp.setViewportSize({ width: 320, height: 700 });
    expect(await pageWidth(lp)).toBeLessThanOrEqual(320);
    await lp.setViewportSize({ width: 1280, height: 800 });
    await shot(lp, 'join/signup-link-invalid-1280');
    await lp.goto(`/signup?org=${admin.organizationId}`);
    await lp.getByText(MSG.joinLinkInvalid).waitFor();

    expect(adminErrors).toEqual([]);
    expect(guestErrors.filter((e) => !e.includes('403'))).toEqual([]);
  });

  it('flags a request from a removed member\'s mailbox, confirms a decline, and a new link cancels what still waits', async () => {
    const server = asTestServer(h);
    const orgId = admin.organizationId!;
    const join = async (email: string, firstName: string, lastName: string) => {
      const user = await signUpUser(server, { email });
      const body = { supabaseUserId: user.userId, email: user.email, firstName, lastName, organizationId: orgId, joinKey: await joinKeyOf(server, orgId) };
      expect((await server.json('POST', '/api/auth/join-organization', body, user.accessToken)).status).toBe(202);
    };
    // Grete asks from another spelling of a member's Gmail mailbox; the member is removed after.
    const member = await joinOrganization(server, orgId, { email: 'grete.hermann@googlemail.com', firstName: 'Grete', lastName: 'Hermann' });
    await join('G.Rete.Hermann+lab@gmail.com', 'Grete', 'Again');
    await join('emmy@noether.test', 'Emmy', 'Noether');
    await join('hedwig@kohn.test', 'Hedwig', 'Kohn');
    await removeMember(server, admin, member.userId);

    const ctx = await h.newContext();
    const ap = await ctx.newPage();
    const errors = collectErrors(ap);
    await signInAs(h, ap, admin.email, admin.password);
    await ap.goto('/organization');
    await ap.getByText('g.rete.hermann+lab@gmail.com').waitFor();
    const flags = ap.getByText(MSG.joinRequestResemblesRemoved);
    await flags.waitFor();
    expect(await flags.count()).toBe(1);
    await ap.getByRole('heading', { name: 'Join requests' }).scrollIntoViewIfNeeded();
    await shot(ap, 'join/requests-flag-1280', false);
    expect(await axeViolations(ap)).toEqual([]);
    await ap.setViewportSize({ width: 390, height: 844 });
    expect(await pageWidth(ap)).toBeLessThanOrEqual(390);
    await ap.getByRole('heading', { name: 'Join requests' }).scrollIntoViewIfNeeded();
    await shot(ap, 'join/requests-flag-390', false);

    // Declining asks first, in the app's dialog; Cancel keeps the request.
    await ap.getByRole('button', { name: 'Decline Emmy Noether' }).click();
    const dialog = ap.getByRole('dialog', { name: 'Decline join request' });
    await dialog.getByText(MSG.joinRequestDeclineConfirm('Emmy Noether', 'emmy@noether.test')).waitFor();
    await shot(ap, 'join/decline-dialog-390', false);
    expect(await axeViolations(ap)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await ap.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Decline Emmy Noether');
    await ap.setViewportSize({ width: 1280, height: 800 });
    await ap.getByRole('button', { name: 'Decline Emmy Noether' }).click();
    await shot(ap, 'join/decline-dialog-1280', false);
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await ap.getByText(MSG.joinRequestDeclinedDone('Emmy Noether')).waitFor();
    await ap.getByText('emmy@noether.test').waitFor({ state: 'detached' });

    // A new link: the dialog says pending requests are cancelled, the notice says how many.
    await ap.getByRole('button', { name: 'New link' }).click();
    const rotate = ap.getByRole('dialog', { name: 'Create a new join link?' });
    await rotate.getByText(MSG.joinLinkRotateConfirm).waitFor();
    await shot(ap, 'join/rotate-dialog-cancels-1280', false);
    await rotate.getByRole('button', { name: 'Create new link' }).click();
    await ap.getByText(MSG.joinLinkRotatedCancelled(2)).waitFor();
    await ap.getByText('No one is waiting. Requests from the join link appear here.').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
