// Invitations for an address that already has an account, in a real browser against the real
// server: a removed member invited back is told to sign in, signs in, returns to the invitation,
// accepts it with their session and lands on the dashboard of the organization.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { createOrgAdmin, inviteAndAccept, removeMember, type Member } from '#tests/isolation/fixtures.ts';
import { asTestServer } from './assessment-helpers.ts';
import { axeViolations, collectErrors, HAS_CHROMIUM, shot, shotAtBothWidths, signInAs, startHarness, tabTo, type Harness } from './harness.ts';

describe.skipIf(!HAS_CHROMIUM)('invitations for existing accounts (Chromium)', () => {
  let h: Harness;
  let admin: Member;
  let member: Member;
  const orgName = 'Hopper Computing Lab';

  beforeAll(async () => {
    h = await startHarness();
    const server = asTestServer(h);
    admin = await createOrgAdmin(server, { organizationName: orgName, firstName: 'Grace', lastName: 'Hopper', email: `grace-${Date.now()}@hopper.test` });
    member = await inviteAndAccept(server, admin, `mona-${Date.now()}@hopper.test`, { firstName: 'Mona', lastName: 'Member' });
    await removeMember(server, admin, member.userId);
  });
  afterAll(async () => {
    await h?.close();
  });

  const shotsAtBothWidths = (page: Page, name: string) => shotAtBothWidths(page, `client-${name}`);

  /** The link of the last e-mail sent to `email`. */
  const lastLink = (email: string) => {
    const link = h.mail.filter((m) => m.to === email).at(-1)?.links?.[0];
    expect(link).toMatch(/\/invite\//);
    return new URL(link!).pathname;
  };

  it('a removed member invited back signs in from the invitation, accepts it and is a team member again', async () => {
    // The org admin invites the removed member again from the organization page.
    const adminCtx = await h.newContext();
    const ap = await adminCtx.newPage();
    const adminErrors = collectErrors(ap);
    await signInAs(h, ap, admin.email, admin.password);
    await ap.goto('/organization');
    await ap.getByRole('heading', { name: 'Team members' }).waitFor();
    expect(await ap.getByRole('cell', { name: 'Mona Member', exact: true }).count()).toBe(0);
    await ap.getByLabel('Email address').fill(member.email);
    await ap.getByRole('button', { name: 'Send invitation' }).click();
    await ap.getByText(MSG.inviteSent(member.email)).waitFor();
    const invitePath = lastLink(member.email);

    // The member opens the mailed link signed out: creating the account again is refused.
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(invitePath);
    await page.getByRole('heading', { name: MSG.joinOrgTitle(orgName) }).waitFor();
    await page.getByText(member.email).waitFor();
    await page.getByLabel('First name').fill('Mona');
    await page.getByLabel('Last name').fill('Member');
    await page.getByLabel('Password', { exact: true }).fill('Another-password-1');
    await page.getByLabel('Confirm password').fill('Another-password-1');
    await page.getByRole('button', { name: 'Accept Invitation' }).click();
    await page.getByText(MSG.inviteAccountExists(member.email)).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await shot(page, 'invite-existing-account');

    // "Sign in to accept" goes to /login (e-mail prefilled, with a notice) and comes back.
    await page.getByRole('button', { name: MSG.inviteSignInToAccept }).click();
    await page.waitForURL('**/login');
    await page.getByText(MSG.inviteSignInNotice(member.email, orgName)).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(member.email);
    await shot(page, 'invite-login');
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`**${invitePath}`);

    // Signed in with the invited address: accept with the session, names prefilled.
    await page.getByText(MSG.inviteSignedInAs(member.email)).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Mona');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Member');
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await shot(page, 'invite-signed-in');
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL('**/dashboard');
    const identity = page.getByTestId('header-identity');
    await identity.getByText('Mona Member').waitFor();
    await identity.getByText(orgName).waitFor();
    expect(await page.getByRole('link', { name: 'Organization' }).count()).toBe(0); // a team member, not an admin
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await shot(page, 'invite-accepted-dashboard', false);

    // The used link is now invalid.
    await page.goto(invitePath);
    await page.getByRole('heading', { name: MSG.invalidInvitationTitle }).waitFor();
    expect(errors).toEqual([]);
    await ctx.close();

    // The admin sees them as a team member again.
    await ap.reload();
    const row = ap.getByRole('row').filter({ has: ap.getByRole('cell', { name: 'Mona Member', exact: true }) });
    await row.getByText('Team Member', { exact: true }).waitFor();
    expect(adminErrors).toEqual([]);
    await adminCtx.close();
  });

  it('signed in as someone else, the invitation says so and offers to sign out', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, admin.email, admin.password);
    const email = `newcomer-${Date.now()}@hopper.test`;
    await page.goto('/organization');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(MSG.inviteSent(email)).waitFor();
    const invitePath = lastLink(email);

    // While the invitation is being checked: a labelled spinner.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/validate-invite**', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(invitePath);
    await page.getByText('Checking your invitation…').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotsAtBothWidths(page, 'invite-loading');
    release();
    await page.unroute('**/api/auth/validate-invite**');

    await page.getByText(MSG.inviteWrongAccount(admin.email, email)).waitFor();
    expect(await page.getByRole('button', { name: /Accept/ }).count()).toBe(0);
    await shot(page, 'invite-wrong-account');
    expect(await axeViolations(page)).toEqual([]);
    await shotsAtBothWidths(page, 'invite-wrong-account');
    // The app's one sign-out, by keyboard: the device is cleared and the page reloads into the invitation.
    const reloaded = page.waitForEvent('load');
    await tabTo(page, page.getByRole('button', { name: 'Sign out' }));
    await page.keyboard.press('Enter');
    await reloaded;
    expect(new URL(page.url()).pathname).toBe(invitePath);
    // Signed out, the page offers the new-account form for the invited address.
    await page.getByRole('button', { name: 'Accept Invitation' }).waitFor();
    await page.getByText(email).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('mvrsp-auth-token'))).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await shotsAtBothWidths(page, 'invite-new-account');

    // The new account, by keyboard; the first try never reaches the server: the form says so and keeps what was typed.
    await page.route('**/api/auth/accept-invite', (route) => route.abort('internetdisconnected'), { times: 1 });
    await tabTo(page, page.getByLabel('First name'));
    await page.keyboard.type('Nia');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Newcomer');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Newcomer-password-1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Newcomer-password-1');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: MSG.acceptInviteFailed }).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Nia');
    expect(await axeViolations(page)).toEqual([]);
    await shotsAtBothWidths(page, 'invite-accept-failed');
    await page.getByRole('button', { name: 'Accept Invitation' }).click();
    await page.waitForURL('**/login?registered=1');
    await page.getByText(MSG.accountCreatedSignIn).waitFor();

    // A link that cannot be checked (the server unreachable) says so.
    await page.route('**/api/auth/validate-invite**', (route) => route.abort('internetdisconnected'));
    await page.goto(invitePath);
    await page.getByRole('alert').filter({ hasText: MSG.validateInviteFailed }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotsAtBothWidths(page, 'invite-check-failed');
    // Retry (by keyboard) checks again once the server answers: the link was used, so it is no longer valid.
    await page.unroute('**/api/auth/validate-invite**');
    await tabTo(page, page.getByRole('button', { name: 'Retry' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: MSG.invalidInvitationTitle }).waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
