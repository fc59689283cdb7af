// The SPA shell in a real browser against the real server: landing, sign-in, session
// persistence, sign-out, the signup wizard, the organization page and an offline reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { createOrgAdmin } from '#tests/isolation/fixtures.ts';
import { asTestServer } from './assessment-helpers.ts';
import { authenticatorOf, type Authenticator } from './authenticator.ts';
import { axeViolations, collectErrors, confirmationLink, confirmFromMail, HAS_CHROMIUM, logOut, savedReadUsers, savedReads, shot, shotAtBothWidths, signIn, startHarness, type Harness } from './harness.ts';

describe.skipIf(!HAS_CHROMIUM)('SPA shell (Chromium)', () => {
  let h: Harness;
  /** The seeded system admin's authenticator app: system admins sign in with a second factor (ADR 040). */
  let adminApp: Authenticator;
  beforeAll(async () => {
    h = await startHarness();
    adminApp = await authenticatorOf(h, h.admin.email, h.admin.password);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('serves an installable manifest and a service worker', async () => {
    const manifest = await (await fetch(`${h.baseUrl}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'MVRSP Assess', start_url: '/dashboard', scope: '/', display: 'standalone' });
    const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    const icon = await fetch(`${h.baseUrl}/icons/icon-512.png`);
    expect(icon.headers.get('content-type')).toBe('image/png');
    const sw = await fetch(`${h.baseUrl}/sw.js`);
    expect(sw.status).toBe(200);
    expect(await sw.text()).toContain('index.html');
  });

  it('landing page: title, Get Started, Learn More scrolls to the explanation', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(page.title()).resolves.toContain('MVRSP Assess');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Get Started' }).first().getAttribute('href')).toBe('/signup');
    expect(await page.getByRole('link', { name: 'Sign In' }).first().getAttribute('href')).toBe('/login');
    const pay = page.getByRole('link', { name: /Subscribe now/ });
    expect(await pay.getAttribute('target')).toBe('_blank');
    expect(await pay.getAttribute('rel')).toBe('noopener noreferrer');
    await expect(page.getByText('$7,500').first().isVisible()).resolves.toBe(true);
    for (const d of ['Communications + Integration', 'Policies + Procedures', 'Training Program', 'Audit']) {
      await expect(page.getByRole('heading', { name: d, exact: true }).isVisible()).resolves.toBe(true);
    }
    const target = page.locator('#what-it-is-title');
    expect(await target.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(800);
    await shot(page, 'landing-hero', false);
    await shot(page, 'landing-desktop');
    await page.getByRole('button', { name: 'Learn More' }).click();
    await page.waitForFunction(() => {
      const top = document.querySelector('#what-it-is-title')!.getBoundingClientRect().top;
      return top >= 0 && top < 300;
    });
    expect(errors).toEqual([]);
    await ctx.close();

    const phone = await h.newContext({ width: 390, height: 844 });
    const p2 = await phone.newPage();
    await p2.goto('/');
    await p2.getByRole('heading', { level: 1 }).waitFor();
    expect(await p2.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(p2, 'landing-phone-hero', false);
    await shot(p2, 'landing-phone');
    await phone.close();

    // Responsive down to 360 px: nothing overflows sideways.
    const small = await h.newContext({ width: 360, height: 740 });
    const p3 = await small.newPage();
    for (const path of ['/', '/login', '/signup']) {
      await p3.goto(path);
      await p3.getByRole('heading', { level: 1 }).waitFor();
      expect(await p3.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    await small.close();
  });

  it('the seeded admin signs in with the second factor, a reload keeps the session, Logout returns to /login', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await shot(page, 'login');
    // A wrong password shows the provider's message.
    await page.getByLabel('Email').fill(h.admin.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/invalid/i);

    await signIn(page, h.admin.email, h.admin.password, adminApp);
    const identity = page.getByTestId('header-identity');
    await identity.getByText('System Administrator').waitFor();
    await expect(page.getByRole('link', { name: 'Admin' }).first().isVisible()).resolves.toBe(true);
    expect(await page.getByRole('link', { name: 'Organization', exact: true }).count()).toBe(0);

    await page.reload();
    await identity.getByText('System Administrator').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    // Public pages bounce a signed-in user; unknown paths go to the dashboard.
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.goto('/no-such-page');
    await page.waitForURL('**/dashboard');
    await page.goto('/admin');
    await page.waitForURL('**/admin/questions');

    await logOut(page);
    expect(await page.evaluate(() => localStorage.getItem('mvrsp-auth-token'))).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('signup wizard creates an organization; its admin manages the organization page', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const email = `owner-${Date.now()}@university.test`;
    await page.goto('/signup');
    await page.getByRole('heading', { name: MSG.createAccountTitle }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(MSG.requiredFields).first().waitFor();
    await shot(page, 'signup-step1-errors');

    await page.getByLabel('First name').fill('Olivia');
    await page.getByLabel('Last name').fill('Owner');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(MSG.passwordTooShortSignup).first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Owner-password-1');
    await page.getByLabel('Confirm password').fill('Owner-password-2');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(MSG.passwordsDontMatch).first().waitFor();
    await page.getByLabel('Confirm password').fill('Owner-password-1');
    await shot(page, 'signup-step1');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByLabel('Organization name').fill('Northfield University');
    await shot(page, 'signup-step2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: MSG.accountCreatedTitle }).waitFor();
    await shot(page, 'signup-step3');

    await page.getByText(/Please check your email/).waitFor();

    // Not confirmed yet: signing in says so and offers a new link, which is mailed.
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Owner-password-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText(MSG.loginEmailNotConfirmed).waitFor();
    await shot(page, 'login-unconfirmed');
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, 'login-unconfirmed-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    const ownerMails = () => h.mail.filter((m) => m.to === email && m.subject === 'Confirm your MVRSP Assess account').length;
    expect(ownerMails()).toBe(1);
    await page.getByRole('button', { name: MSG.resendConfirmation }).click();
    // Within a minute of the sign-up mail the provider asks to wait; its message is shown.
    await page.getByText(/For security purposes, you can only request this after \d+ seconds\./).waitFor();
    await shot(page, 'login-unconfirmed-resend');
    expect(ownerMails()).toBe(1);
    expect(page.url()).toMatch(/\/login$/);

    // The mailed link opens /confirm-email, which asks for the password chosen at sign-up: the link
    // alone confirms nothing. Empty and wrong passwords are refused and leave the link usable.
    await page.goto(await confirmationLink(h, email));
    await page.waitForURL((url) => url.pathname === '/confirm-email');
    await page.getByRole('heading', { name: 'Confirm your e-mail address' }).waitFor();
    expect(await page.title()).toBe('Confirm your e-mail address · MVRSP Assess');
    await page.getByText(MSG.confirmEmailPurpose).waitFor();
    expect(await page.getByRole('link', { name: MSG.confirmNotMine }).getAttribute('href')).toBe('/forgot-password');
    await shot(page, 'confirm-email');
    await page.getByRole('button', { name: 'Confirm address' }).click();
    await page.getByRole('alert').getByText(MSG.confirmNeedsPassword).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Confirm address' }).click();
    await page.getByRole('alert').getByText(MSG.confirmWrongPassword).waitFor();
    expect(page.url()).toContain('/confirm-email');
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await shot(page, `confirm-email-wrong-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'confirm-email-wrong');
    // With the sign-up password it lands signed in on the dashboard; the organization is created
    // from the sign-up details on the first API request.
    await confirmFromMail(h, page, email, 'Owner-password-1');
    await page.getByTestId('header-identity').getByText('Northfield University').waitFor();
    await shot(page, 'signup-confirmed-dashboard');
    // The link works once: opened again, the page says it has expired and asks for no password.
    await page.goto(await confirmationLink(h, email));
    await page.getByRole('heading', { name: 'Confirmation link expired' }).waitFor();
    await page.getByText(MSG.confirmLinkInvalid).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await shot(page, 'confirm-email-expired');
    await page.goto('/dashboard');
    await page.getByTestId('header-identity').getByText('Northfield University').waitFor();
    await page.getByRole('link', { name: 'Organization', exact: true }).first().click();
    await page.waitForURL('**/organization');
    await page.getByRole('heading', { name: 'Team members' }).waitFor();

    // Rename: empty is refused, a new name is saved.
    const name = page.getByLabel('Organization name');
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(MSG.orgNameEmpty).waitFor();
    await name.fill('Northfield University Research Office');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(MSG.orgNameUpdated).waitFor();

    // Invite by e-mail, then cancel it.
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(MSG.inviteEmailEmpty).waitFor();
    await page.getByLabel('Email address').fill('colleague@university.test');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(MSG.inviteSent('colleague@university.test')).waitFor();
    await page.getByRole('cell', { name: 'colleague@university.test', exact: true }).waitFor();
    expect(h.mail.some((m) => m.to === 'colleague@university.test')).toBe(true);

    // Copy the invite link.
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: MSG.linkCopied }).waitFor();
    const firstJoinLink = await page.evaluate(() => navigator.clipboard.readText());
    expect(firstJoinLink).toMatch(/\/signup\?org=[0-9a-f-]{36}&key=[A-Za-z0-9_-]{32,}$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'organization');
    await page.getByRole('button', { name: 'Cancel invitation for colleague@university.test' }).click();
    await page.getByText(MSG.inviteCancelled).waitFor();
    expect(await page.getByRole('button', { name: /Remove/ }).count()).toBe(0); // never for yourself

    // A second invitation is accepted in a fresh browser: the invitee lands on /login with the message.
    await page.getByLabel('Email address').fill('member@university.test');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(MSG.inviteSent('member@university.test')).waitFor();
    const link = h.mail.filter((m) => m.to === 'member@university.test').at(-1)?.links?.[0];
    expect(link).toMatch(/\/invite\//);

    const guest = await h.newContext();
    const gp = await guest.newPage();
    await gp.goto(new URL(link!).pathname);
    await gp.getByText('member@university.test').waitFor();
    await gp.getByText('Northfield University Research Office').first().waitFor();
    await gp.getByLabel('First name').fill('Mia');
    await gp.getByLabel('Last name').fill('Member');
    await gp.getByLabel('Password', { exact: true }).fill('Member-pass-1');
    await gp.getByLabel('Confirm password').fill('Member-pass-2');
    await gp.getByRole('button', { name: 'Accept Invitation' }).click();
    await gp.getByText(MSG.passwordsDontMatch).waitFor();
    await gp.getByLabel('Confirm password').fill('Member-pass-1');
    await shot(gp, 'invite-accept');
    await gp.getByRole('button', { name: 'Accept Invitation' }).click();
    await gp.waitForURL('**/login?registered=1');
    await gp.getByText(MSG.accountCreatedSignIn).waitFor();
    await signIn(gp, 'member@university.test', 'Member-pass-1');
    await gp.getByTestId('header-identity').getByText('Mia Member').waitFor();
    expect(await gp.getByRole('link', { name: 'Organization', exact: true }).count()).toBe(0);
    // Team members may open /organization by URL but only see a read-only view.
    await gp.goto('/organization');
    await gp.getByRole('heading', { name: 'Team members' }).waitFor();
    await gp.getByText('Only organization admins can make changes.', { exact: false }).waitFor();
    expect(await gp.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
    expect(await gp.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    expect(await gp.getByRole('textbox', { name: 'Organization name' }).count()).toBe(0);
    await shot(gp, 'organization-readonly');
    // The used invitation is now invalid.
    await gp.goto(new URL(link!).pathname);
    await gp.getByRole('heading', { name: MSG.invalidInvitationTitle }).waitFor();
    await gp.getByText(MSG.invalidInvitation).waitFor();
    await guest.close();

    // The admin sees the new member and can remove them after confirming.
    await page.reload();
    await page.getByRole('cell', { name: 'Mia Member', exact: true }).waitFor();
    // The app's confirm dialog (ADR 010), not window.confirm: focus moves to its confirm button.
    await page.getByRole('button', { name: 'Remove Mia Member' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove team member' });
    expect(await confirm.getByTestId('app-dialog-message').textContent()).toBe(MSG.removeMemberConfirm);
    expect(await confirm.getByRole('button', { name: 'Remove' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText(MSG.memberRemoved).waitFor();
    // Removing a member renewed the join link (the removed member knew it; ADR 003): copy the new one.
    await page.reload();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: MSG.linkCopied }).waitFor();
    const joinLink = await page.evaluate(() => navigator.clipboard.readText());
    expect(joinLink).not.toBe(firstJoinLink);

    // Joining by link: the wizard names the organization; the join is a request the admin approves (ADR 003).
    const joiner = await h.newContext();
    const jp = await joiner.newPage();
    await jp.goto(new URL(joinLink).pathname + new URL(joinLink).search);
    await jp.getByRole('heading', { name: MSG.joinOrgTitle('Northfield University Research Office') }).waitFor();
    await jp.getByLabel('First name').fill('Jo');
    await jp.getByLabel('Last name').fill('Joiner');
    await jp.getByLabel('Work email').fill('jo@university.test');
    await jp.getByLabel('Password', { exact: true }).fill('Joiner-pass-1');
    await jp.getByLabel('Confirm password').fill('Joiner-pass-1');
    await jp.getByRole('button', { name: 'Continue' }).click();
    await jp.getByText(MSG.joinAsTeamMember).waitFor();
    await shot(jp, 'signup-join');
    await jp.getByRole('button', { name: 'Create Account' }).click();
    await jp.getByRole('heading', { name: MSG.accountCreatedTitle }).waitFor();
    await jp.getByText(MSG.joinRequestSent('Northfield University Research Office')).waitFor();
    // The confirmation link signs the joiner in; the first request files the join request from the sign-up details.
    await confirmFromMail(h, jp, 'jo@university.test', 'Joiner-pass-1');
    await jp.getByText(MSG.joinRequestPending('Northfield University Research Office')).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Approve Jo Joiner' }).click();
    await page.getByText(MSG.joinRequestApproved('Jo Joiner')).waitFor();
    await jp.reload();
    await jp.getByTestId('header-identity').getByText('Northfield University Research Office').waitFor();
    await joiner.close();
    // The admin's member list shows the joiner as a team member.
    await page.reload();
    await page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Jo Joiner', exact: true }) }).getByText('Team Member', { exact: true }).waitFor();

    // With joining by link switched off, the same link is refused.
    await page.getByRole('switch', { name: 'Joining by link' }).click();
    await page.getByText('Joining by link is off').waitFor();
    const late = await h.newContext();
    const lp = await late.newPage();
    await lp.goto(new URL(joinLink).pathname + new URL(joinLink).search);
    await lp.getByText('This join link cannot be used').waitFor();
    await lp.getByText(MSG.joinLinkInvalid).waitFor();
    await late.close();
    await ctx.close();
  });

  it('forgot password: the e-mailed link leads to a new password that works', async () => {
    const ctx = await h.newContext({ width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(h.admin.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(MSG.resetLinkSent).waitFor();
    const link = h.mail.filter((m) => m.to === h.admin.email).at(-1)?.links?.[0];
    expect(link).toContain('/auth/v1/verify');

    await page.goto(link!);
    await page.waitForURL('**/reset-password**');
    // The admin has an authenticator app: the recovery session verifies a code before the new password (ADR 039).
    await page.getByLabel('Authentication code').fill(await adminApp.next());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel('New password', { exact: true }).fill('Admin-password-456!');
    await page.getByLabel('Confirm new password').fill('Admin-password-456!');
    await shot(page, 'reset-password');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.waitForURL('**/login?reset=1');
    await page.getByText(MSG.passwordUpdated).waitFor();
    await signIn(page, h.admin.email, 'Admin-password-456!', adminApp);
    h.admin = { ...h.admin, password: 'Admin-password-456!' };

    // Phone layout: the header collapses into a menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Admin' }).waitFor();
    await shot(page, 'phone-menu', false);

    // A used link is refused with a clear message.
    const fresh = await h.newContext();
    const p2 = await fresh.newPage();
    await p2.goto(link!);
    await p2.waitForURL('**/reset-password**');
    await p2.getByText(MSG.resetLinkInvalid).waitFor();
    await fresh.close();
    await ctx.close();
  });

  it('Back restores the scroll position; a page whose code cannot load shows the error screen, and Back clears it', async () => {
    const ctx = await h.newContext({ serviceWorkers: 'block' });
    const page = await ctx.newPage();
    await page.route(/\/assets\/signup-page-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
    // Follow in-page links without Playwright scrolling them into view first.
    const follow = (href: string) => page.evaluate((h) => document.querySelector<HTMLAnchorElement>(`a[href="${h}"]`)!.click(), href);
    await follow('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);

    await follow('/signup');
    await page.getByRole('heading', { name: 'This page could not be shown' }).waitFor();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' }).isVisible()).resolves.toBe(true);
    await page.goBack();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'This page could not be shown' }).count()).toBe(0);
    await ctx.close();
  });

  it('the strict Content-Security-Policy is never violated on the main pages', async () => {
    const ctx = await h.newContext();
    await ctx.addInitScript(() => {
      const seen: string[] = ((globalThis as unknown as { __csp: string[] }).__csp = []);
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    const page = await ctx.newPage();
    const violations: string[] = [];
    const collect = async () => violations.push(...(await page.evaluate(() => (globalThis as unknown as { __csp: string[] }).__csp.splice(0))));
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    for (const path of ['/', '/how-scoring-works', '/signup']) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      await collect();
    }
    await signIn(page, h.admin.email, h.admin.password, adminApp);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await collect();
    await page.goto('/admin/questions');
    await page.getByRole('table').first().waitFor();
    await collect();
    // The questionnaire draws its progress bars with inline widths (set through the CSSOM).
    const owner = await createOrgAdmin(asTestServer(h), { organizationName: 'CSP College', email: `csp-${Date.now()}@college.test` });
    await logOut(page);
    await signIn(page, owner.email, owner.password);
    await page.goto('/assessment/new');
    await page.getByTestId('question-code').waitFor();
    await page.getByTestId('answer-yes').click();
    await collect();
    expect(violations).toEqual([]);
    await ctx.close();
  });

  it('the app shell loads offline after one visit', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signIn(page, h.admin.email, h.admin.password, adminApp);
    // Signed in through the form (the tree stays mounted), the profile is saved for offline use too.
    await expect.poll(async () => (await savedReads(page)).flatMap((r) => r.keys).filter((k) => k.startsWith('["auth","profile"')), { timeout: 10_000 }).toHaveLength(1);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload(); // now controlled by the service worker
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await page.getByTestId('header-identity').getByText('System Administrator').waitFor();
    // Chromium considers the app installable (manifest, icons, service worker).
    const cdp = await ctx.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    // Playwright contexts are incognito, which Chromium reports on its own; nothing else may be missing.
    expect(installabilityErrors.filter((e) => (e as { errorId: string }).errorId !== 'in-incognito')).toEqual([]);

    await ctx.setOffline(true);
    await page.reload();
    await page.locator('header[data-app-header]').waitFor();
    await page.getByTestId('header-identity').getByText('System Administrator').waitFor();
    expect(await page.evaluate(() => fetch('/api/health').then(() => 'online', () => 'offline'))).toBe('offline');
    await shot(page, 'offline-dashboard', false);
    // The name in the header came from the saved reads (IndexedDB, ADR 032): no profile in localStorage.
    expect(await savedReadUsers(page)).toHaveLength(1);
    expect(await page.evaluate(() => Object.values(localStorage).join('\n'))).not.toContain('"first_name"');
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'client-offline-shell');

    // A public page too (navigation fallback to the precached shell).
    await page.goto('/how-scoring-works').catch(() => {});
    await page.locator('#root').waitFor();
    expect(await page.locator('body').textContent()).not.toContain('ERR_INTERNET_DISCONNECTED');
    await ctx.close();
  });
});
