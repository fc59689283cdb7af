// Two-step verification (TOTP, ADR 039) in Chromium against the real server: enrolment by keyboard
// on /account/security (QR code and setup key), the second step at sign-in (/mfa) with a wrong code,
// an expired challenge and the rate limit, the reset-password path that needs the code first, the
// removal of the factor, and the API's `mfa_required` answer turned into the enrol screen.
// Codes are computed from the setup key shown on screen with the server's own TOTP code.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { MFA_MSG } from '#domain/mfa-messages.ts';
import { authMfaChallenges } from '#server/db/schema/index.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { AUTH_STORAGE_KEY } from '#src/lib/auth-storage.ts';
import { MFA_TEXT } from '#src/lib/mfa.ts';
import { createOrgAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { asTestServer } from './assessment-helpers.ts';
import { Authenticator } from './authenticator.ts';
import { axeViolations, collectErrors, HAS_CHROMIUM, logOut, shotAtBothWidths, signInAs, startHarness, tabTo, type Harness } from './harness.ts';

const NEW_PASSWORD = 'Fresh-password-for-mfa-7';

describe.skipIf(!HAS_CHROMIUM)('two-step verification (Chromium)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  async function enterCode(page: Page, code: string, button: string): Promise<void> {
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: button }).click();
  }

  async function expectAxeClean(page: Page, what: string): Promise<void> {
    expect(await axeViolations(page), what).toEqual([]);
  }

  it('enrols by keyboard, asks for the code at sign-in (wrong, expired, right), on a password reset, and removes the factor', async () => {
    const owner: Member = await createOrgAdmin(asTestServer(h), { organizationName: 'MFA Research Lab', firstName: 'Tess', lastName: 'Otp' });
    const ctx = await h.newContext({ width: 1280, height: 900 });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, owner.email, owner.password);

    // From the header to the page and through the enrolment with the keyboard only.
    const headerLink = page.locator('header[data-app-header]').getByRole('link', { name: 'Sign-in security' });
    await tabTo(page, headerLink);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/account/security');
    await page.getByRole('heading', { name: 'Sign-in security', level: 1 }).waitFor();
    expect(await page.title()).toBe('Sign-in security · MVRSP Assess');
    await page.getByText('No authenticator app yet.').waitFor();
    await expectAxeClean(page, 'security page, no factor');
    await shotAtBothWidths(page, 'mfa-security-empty');
    await page.setViewportSize({ width: 1280, height: 900 });

    await tabTo(page, page.getByRole('button', { name: 'Add authenticator app' }));
    await page.keyboard.press('Enter');
    const secretBox = page.getByTestId('totp-secret');
    await secretBox.waitFor();
    const grouped = (await secretBox.textContent())!;
    expect(grouped).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const app = new Authenticator(grouped.replace(/\s/g, ''), h.clock);
    const qr = page.getByRole('img', { name: /QR code to add MVRSP Assess to an authenticator app/ });
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const codeField = page.getByLabel('Authentication code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    await expectAxeClean(page, 'enrolment');
    await shotAtBothWidths(page, 'mfa-enrol');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A wrong code: said so, and the field is ready for the next one.
    await tabTo(page, codeField);
    await page.keyboard.type(app.wrong());
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: MFA_TEXT.codeWrong }).first().waitFor();
    expect(await codeField.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAxeClean(page, 'enrolment, wrong code');
    await shotAtBothWidths(page, 'mfa-enrol-wrong-code');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.keyboard.type(await app.next());
    await page.keyboard.press('Enter');
    await page.getByText(MFA_TEXT.factorAdded).waitFor();
    const list = page.getByRole('list', { name: 'Your authenticator apps' });
    await list.getByText('Authenticator app', { exact: true }).waitFor();
    await list.getByText('Verified').waitFor();
    await list.getByText(/^Added /).waitFor();
    await expectAxeClean(page, 'security page, one factor');
    await shotAtBothWidths(page, 'mfa-security-verified');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Sign out, sign in with the password: the code is asked for before anything of the program.
    await logOut(page);
    await signInWithForm(page, owner.email, owner.password);
    await page.waitForURL('**/mfa');
    await page.getByRole('heading', { name: 'Two-step verification', level: 1 }).waitFor();
    expect(await page.title()).toBe('Two-step verification · MVRSP Assess');
    expect(await page.locator('header[data-app-header]').count()).toBe(0);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await expectAxeClean(page, '/mfa');
    await shotAtBothWidths(page, 'mfa-verify');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The protected routes send the aal1 session back here, with where it was headed.
    await page.goto('/organization');
    await page.waitForURL('**/mfa');
    await page.getByLabel('Authentication code').waitFor();

    await enterCode(page, app.wrong(), 'Verify');
    await page.getByRole('alert').filter({ hasText: MFA_TEXT.codeWrong }).first().waitFor();
    await shotAtBothWidths(page, 'mfa-verify-wrong-code');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The challenge made when the screen opened is past its 5 minutes: said so, and a new one is
    // made, so the same code then works.
    await h.server.deps.db.update(authMfaChallenges).set({ createdAt: new Date(Date.now() - 6 * 60_000) });
    const code = await app.next();
    await enterCode(page, code, 'Verify');
    await page.getByRole('alert').filter({ hasText: MFA_TEXT.challengeExpired }).first().waitFor();
    await expectAxeClean(page, '/mfa, expired challenge');
    await shotAtBothWidths(page, 'mfa-verify-expired');
    await page.setViewportSize({ width: 1280, height: 900 });
    await enterCode(page, code, 'Verify');
    await page.waitForURL('**/organization');
    await page.locator('header[data-app-header]').waitFor();

    // The reset link: a code first (the provider refuses the new password before it), then the password.
    await logOut(page);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(MSG.resetLinkSent).waitFor();
    const link = h.mail.filter((m) => m.to === owner.email.toLowerCase()).at(-1)?.links?.[0];
    expect(link).toContain('/auth/v1/verify');
    await page.goto(link!);
    await page.waitForURL('**/reset-password**');
    await page.getByText(MFA_TEXT.resetNeedsCode).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await expectAxeClean(page, 'reset password, code step');
    await shotAtBothWidths(page, 'mfa-reset-code');
    await page.setViewportSize({ width: 1280, height: 900 });
    await enterCode(page, await app.next(), 'Verify');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.waitForURL('**/login?reset=1');
    await page.getByText(MSG.passwordUpdated).waitFor();

    await signInWithForm(page, owner.email, NEW_PASSWORD);
    await page.waitForURL('**/mfa');
    await enterCode(page, await app.next(), 'Verify');
    await page.waitForURL('**/dashboard');

    // Removal (the session is aal2): the app's confirm dialog, then the list is empty.
    await page.goto('/account/security');
    await page.getByRole('button', { name: 'Remove Authenticator app' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(MFA_TEXT.removeLastConfirm('Authenticator app')).waitFor();
    await expectAxeClean(page, 'remove dialog');
    await shotAtBothWidths(page, 'mfa-remove-confirm');
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText(MFA_TEXT.factorRemoved).waitFor();
    await page.getByText('No authenticator app yet.').waitFor();

    // Without a factor, signing in needs the password only.
    await logOut(page);
    await signInWithForm(page, owner.email, NEW_PASSWORD);
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  /** A verified factor made through the provider's own endpoints (as supabase-js calls them). */
  async function enrolledThroughApi(member: Member): Promise<Authenticator> {
    const call = async (path: string, body: unknown, token = member.accessToken) => {
      const res = await h.server.app.request(`/auth/v1${path}`, {
        method: 'POST',
        headers: { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    const factor = (await call('/factors', { factor_type: 'totp', friendly_name: 'Phone' })) as { id: string; totp: { secret: string } };
    const app = new Authenticator(factor.totp.secret, h.clock);
    const challenge = (await call(`/factors/${factor.id}/challenge`, {})) as { id: string };
    await call(`/factors/${factor.id}/verify`, { challenge_id: challenge.id, code: await app.next() });
    return app;
  }

  it('the rate limit shows the server’s message, and Sign out leaves the verify screen', async () => {
    const member = await createOrgAdmin(asTestServer(h), { organizationName: 'MFA Throttle Lab' });
    const app = await enrolledThroughApi(member);
    const ctx = await h.newContext({ width: 390, height: 844 });
    const page = await ctx.newPage();
    await signInWithForm(page, member.email, member.password);
    await page.waitForURL('**/mfa');
    // 5 attempts per 5 minutes per factor (AUTH_LIMITS.mfaVerifyPerFactor): the 6th is refused.
    for (let i = 0; i < 5; i++) {
      await enterCode(page, app.wrong(), 'Verify');
      // Refused: the field is emptied for the next try, under the error.
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="code"]')?.value === '');
      await page.getByRole('alert').filter({ hasText: MFA_TEXT.codeWrong }).first().waitFor();
    }
    await enterCode(page, await app.next(), 'Verify');
    await page.getByRole('alert').filter({ hasText: /^Too many requests\. Please try again in / }).first().waitFor();
    await expectAxeClean(page, '/mfa, rate limited');
    await shotAtBothWidths(page, 'mfa-verify-rate-limited');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await reloaded;
    await page.waitForURL('**/login');
    await ctx.close();
  });

  it('the API’s mfa_required becomes the enrol screen (no factor) that offers only enrolling and signing out', async () => {
    const member = await createOrgAdmin(asTestServer(h), { organizationName: 'MFA Policy Lab' });
    // The policy's answer (issue 26 item 2) as the API will send it, for the profile read.
    const ctx = await h.newContext({ width: 1280, height: 900, serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.route('**/api/auth/profile', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: 'mfa_required', error: MFA_MSG.mfaRequired }) }));
    await signInWithPolicy(page, member);
    await page.waitForURL('**/account/security');
    await page.getByText(MFA_MSG.mfaRequired).waitFor();
    await page.getByRole('heading', { name: 'Set up two-step verification', level: 1 }).waitFor();
    expect(await page.locator('header[data-app-header]').count()).toBe(0);
    await page.getByTestId('totp-secret').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await expectAxeClean(page, 'required enrolment');
    await shotAtBothWidths(page, 'mfa-required-enrol');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Enrolled: the API accepts the aal2 session (the interception ends), and the page goes on.
    const app = new Authenticator((await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, ''), h.clock);
    await page.unroute('**/api/auth/profile');
    await enterCode(page, await app.next(), 'Verify and turn on');
    await page.waitForURL('**/organization');
    await page.locator('header[data-app-header]').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  /** Opens /organization signed in (stored session, as signInAs does) while the profile answers mfa_required. */
  async function signInWithPolicy(page: Page, member: Member): Promise<void> {
    const res = await h.server.app.request('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    const session = await res.text();
    await page.goto('/robots.txt');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, session] as const);
    await page.goto('/organization');
  }
});
