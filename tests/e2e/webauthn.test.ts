// Passkeys as the second factor (ADR 041) in Chromium against the real server: Chrome's own
// virtual authenticator (DevTools protocol WebAuthn domain: CTAP2, internal transport, resident
// keys, user verification) answers navigator.credentials, so the browser's real WebAuthn code runs.
// Enrolment on /account/security, a second registration of the same authenticator refused by the
// browser, the sign-in with the passkey on /mfa (a forged signature refused first), the password
// reset that needs it first, the choice between a passkey and an authenticator app, the removal,
// and a prompt that ends without a passkey. The pages are served at localhost: browsers refuse IP
// addresses as RP IDs.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { AUTH_STORAGE_KEY } from '#src/lib/auth-storage.ts';
import { MFA_TEXT } from '#src/lib/mfa.ts';
import { createOrgAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { asTestServer } from './assessment-helpers.ts';
import { Authenticator } from './authenticator.ts';
import { axeViolations, collectErrors, HAS_CHROMIUM, logOut, shotAtBothWidths, signInAs, startHarness, tabTo, type Harness } from './harness.ts';

const NEW_PASSWORD = 'Fresh-password-for-passkey-7';

describe.skipIf(!HAS_CHROMIUM)('passkeys as the second factor (Chromium virtual authenticator)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ host: 'localhost' });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Chrome's virtual platform authenticator for the page (what Touch ID or Windows Hello would be). */
  async function virtualAuthenticator(ctx: BrowserContext, page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    return { cdp, authenticatorId };
  }

  async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/mfa');
  }

  async function expectAxeClean(page: Page, what: string): Promise<void> {
    expect(await axeViolations(page), what).toEqual([]);
  }

  async function shots(page: Page, name: string): Promise<void> {
    await shotAtBothWidths(page, name);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  /** The access token supabase-js stores for the page. */
  const accessClaims = async (page: Page) => decodeJwt(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY))!).access_token as string);

  it('enrols a passkey by keyboard, signs in with it as the second factor, chooses between it and an authenticator app, and removes it', async () => {
    const owner: Member = await createOrgAdmin(asTestServer(h), { organizationName: 'Passkey Research Lab', firstName: 'Pat', lastName: 'Key' });
    const ctx = await h.newContext({ width: 1280, height: 900 });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const { cdp, authenticatorId } = await virtualAuthenticator(ctx, page);
    await signInAs(h, page, owner.email, owner.password);

    await page.goto('/account/security');
    await page.getByRole('heading', { name: 'Sign-in security', level: 1 }).waitFor();
    await page.getByText('No passkey or security key yet.').waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Add passkey' }));
    await page.keyboard.press('Enter');
    const name = page.getByLabel('Name', { exact: true });
    expect(await name.inputValue()).toBe('Passkey');
    await tabTo(page, name);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Work laptop');
    await expectAxeClean(page, 'add passkey');
    await shots(page, 'webauthn-add');
    await tabTo(page, page.getByRole('button', { name: 'Create passkey' }));
    await page.keyboard.press('Enter');
    await page.getByText(MFA_TEXT.passkeyAdded).waitFor();
    const passkeys = page.getByRole('list', { name: 'Your passkeys and security keys' });
    await passkeys.getByText('Work laptop').waitFor();
    await passkeys.getByText('Verified').waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    // The registration raised this session to aal2, verified with the passkey.
    expect(await accessClaims(page)).toMatchObject({ aal: 'aal2', amr: [{ method: 'mfa/webauthn' }, { method: 'password' }] });
    await expectAxeClean(page, 'security page with a passkey');
    await shots(page, 'webauthn-security-verified');

    // The same authenticator again: the browser refuses (it holds an excluded credential), said in
    // words, and the unfinished factor does not linger.
    await page.getByRole('button', { name: 'Add passkey' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Same laptop');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await page.getByRole('alert').filter({ hasText: MFA_TEXT.passkeyDuplicate }).waitFor();
    await expectAxeClean(page, 'passkey refused by the browser');
    await shots(page, 'webauthn-add-refused');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await passkeys.getByRole('listitem').first().waitFor();
    expect(await passkeys.getByRole('listitem').count()).toBe(1);

    // Sign out, sign in with the password: /mfa offers the passkey, which raises the session.
    await logOut(page);
    await signInWithForm(page, owner.email, owner.password);
    await page.getByText('Your account is protected with a passkey or security key. Use it to continue.').waitFor();
    const usePasskey = page.getByRole('button', { name: 'Use passkey or security key' });
    await expectAxeClean(page, '/mfa with a passkey');
    await shots(page, 'webauthn-verify');
    // A forged signature (the authenticator told to send a bogus one): the provider refuses it, said in words.
    await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: true });
    await usePasskey.click();
    await page.getByRole('alert').filter({ hasText: MFA_TEXT.passkeyRefused }).waitFor();
    expect(page.url()).toMatch(/\/mfa$/);
    await expectAxeClean(page, '/mfa, passkey refused');
    await shots(page, 'webauthn-verify-refused');
    await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: false });
    await tabTo(page, usePasskey);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    expect(await accessClaims(page)).toMatchObject({ aal: 'aal2', amr: [{ method: 'mfa/webauthn' }, { method: 'password' }] });

    // The reset link: the passkey first (the provider refuses the new password before it), then the password.
    await logOut(page);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(MSG.resetLinkSent).waitFor();
    await page.goto(h.mail.filter((m) => m.to === owner.email.toLowerCase()).at(-1)!.links![0]!);
    await page.getByText(MFA_TEXT.resetNeedsFactor).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await expectAxeClean(page, 'reset password, passkey step');
    await shots(page, 'webauthn-reset');
    await usePasskey.click();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.waitForURL('**/login?reset=1');
    const password = NEW_PASSWORD;
    await signInWithForm(page, owner.email, password);
    await usePasskey.click();
    await page.waitForURL('**/dashboard');

    // Both kinds: an authenticator app added beside the passkey.
    await page.goto('/account/security');
    await page.getByRole('button', { name: 'Add authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    const app = new Authenticator(secret, h.clock);
    await page.getByLabel('Authentication code').fill(await app.next());
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByText(MFA_TEXT.factorAdded).waitFor();
    await page.getByRole('list', { name: 'Your authenticator apps' }).getByText('Verified').waitFor();

    // /mfa asks which one: the passkey first (the older factor); the app's code when chosen.
    await logOut(page);
    await signInWithForm(page, owner.email, password);
    const choice = page.getByRole('group', { name: 'Verify with' });
    await choice.waitFor();
    await page.getByText('Choose how to verify, then continue.', { exact: false }).waitFor();
    const passkeyRadio = choice.getByRole('radio', { name: 'Work laptop (passkey or security key)' });
    const appRadio = choice.getByRole('radio', { name: 'Authenticator app', exact: true });
    expect(await passkeyRadio.isChecked()).toBe(true);
    await usePasskey.waitFor();
    await expectAxeClean(page, '/mfa, choice of factors');
    await shots(page, 'mfa-choose-factor');
    // By keyboard: arrow keys move between the radio buttons.
    await tabTo(page, passkeyRadio);
    await page.keyboard.press('ArrowDown');
    expect(await appRadio.isChecked()).toBe(true);
    await page.getByLabel('Authentication code').waitFor();
    expect(await usePasskey.count()).toBe(0);
    await expectAxeClean(page, '/mfa, authenticator app chosen');
    await shots(page, 'mfa-choose-factor-app');
    await page.getByLabel('Authentication code').fill(await app.next());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    expect(await accessClaims(page)).toMatchObject({ aal: 'aal2', amr: [{ method: 'totp' }, { method: 'password' }] });

    // Removal at aal2: the confirm dialog, then the passkey is gone and the app stays.
    await page.goto('/account/security');
    await page.getByRole('button', { name: 'Remove Work laptop' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(MFA_TEXT.passkeyRemoveConfirm('Work laptop')).waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText(MFA_TEXT.passkeyRemoved).waitFor();
    await page.getByText('No passkey or security key yet.').waitFor();
    await page.getByRole('list', { name: 'Your authenticator apps' }).getByText('Verified').waitFor();
    await expectAxeClean(page, 'security page after removing the passkey');
    await shots(page, 'webauthn-removed');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('says so when the browser has no passkey to give (the prompt ends without one), and keeps the way out', async () => {
    const member: Member = await createOrgAdmin(asTestServer(h), { organizationName: 'Lost Key Lab', firstName: 'Lou', lastName: 'Key' });
    const ctx = await h.newContext({ width: 1280, height: 900 });
    const page = await ctx.newPage();
    const { cdp, authenticatorId } = await virtualAuthenticator(ctx, page);
    await signInAs(h, page, member.email, member.password);
    await page.goto('/account/security');
    await page.getByRole('button', { name: 'Add passkey' }).click();
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await page.getByText(MFA_TEXT.passkeyAdded).waitFor();
    // The passkey is gone from the device (deleted, or another computer).
    await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
    await logOut(page);
    await signInWithForm(page, member.email, member.password);
    await page.getByRole('button', { name: 'Use passkey or security key' }).click();
    await page.getByRole('alert').filter({ hasText: MFA_TEXT.passkeyCancelled }).waitFor();
    await expectAxeClean(page, '/mfa, no passkey given');
    await shots(page, 'webauthn-verify-cancelled');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await ctx.close();
  });
});
