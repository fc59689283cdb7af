// Sign-up reveals no account in the SPA either: with e-mail confirmation on (the default), signing
// up with the address of an existing account ends on the same "check your email" screen as a new
// address; the owner of the account gets a notice by mail instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { collectErrors, HAS_CHROMIUM, shot, startHarness, type Harness } from './harness.ts';

describe.skipIf(!HAS_CHROMIUM)('sign-up with a taken address (Chromium)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Runs the sign-up wizard for `email` and returns the text of the final screen with the address blanked. */
  async function finalScreen(email: string, label: string, width: number): Promise<string> {
    const ctx = await h.newContext({ width });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Sample');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Sample-password-1');
    await page.getByLabel('Confirm password').fill('Sample-password-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Organization name').fill('Sample College');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: MSG.accountCreatedTitle }).waitFor();
    const status = page.getByRole('status').filter({ hasText: /Please check your email/ });
    await status.waitFor();
    await shot(page, `signup-${label}-${width}`);
    const text = (await status.innerText()).replace(email, '<email>');
    expect(errors).toEqual([]);
    await ctx.close();
    return text;
  }

  it('shows the same "check your email" screen for a new and for a taken address, and mails the owner', async () => {
    const fresh = await finalScreen(`new-${Date.now()}@college.test`, 'new', 1280);
    const taken = await finalScreen(h.admin.email, 'taken', 1280);
    expect(taken).toBe(fresh);
    expect(await finalScreen(h.admin.email.toUpperCase(), 'taken-upper', 390)).toBe(fresh);
    await (h.server.deps.authAdmin as { idle?: () => Promise<void> } | undefined)?.idle?.();
    const notices = h.mail.filter((m) => m.to === h.admin.email && m.subject === 'Sign-up attempt for your MVRSP Assess account');
    expect(notices).toHaveLength(1); // one an hour, however often it is tried
  });
});
