// Issue 12 item 16 in Chromium: a taken e-mail is reported on step 1, a slow profile does not keep
// the spinner past 2.5 s, Learn More's heading is not hidden under the sticky header, and an error
// that appears in a dialog takes the focus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrgAdmin } from '#tests/isolation/fixtures.ts';
import { asTestServer } from './assessment-helpers.ts';
import { collectErrors, HAS_CHROMIUM, signIn, startHarness, type Harness } from './harness.ts';

describe.skipIf(!HAS_CHROMIUM)('small things (Chromium)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  // A taken address at sign-up is no longer reported (it would reveal the account, SECURITY.md):
  // tests/e2e/signup-taken-address.test.ts shows the same "check your email" screen instead.

  it('a slow profile: after 2.5 s a retry state instead of the spinner, then the page when it arrives', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signIn(page, h.admin.email, h.admin.password);
    let delayed = 0;
    await page.route('**/api/auth/profile', async (route) => {
      delayed++;
      await new Promise((r) => setTimeout(r, 6000));
      await route.continue().catch(() => undefined);
    });
    await page.evaluate(() => localStorage.removeItem('mvrsp.profile')); // no cached copy to show
    const started = Date.now();
    await page.reload();
    await page.getByText('Your account is taking longer than usual to load').waitFor({ timeout: 4000 });
    expect(Date.now() - started).toBeLessThan(4500);
    await page.screenshot({ path: '/tmp/shots/spa/slow-profile.png' });
    await page.getByTestId('platform-overview').waitFor({ timeout: 15_000 });
    expect(delayed).toBeGreaterThanOrEqual(1);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('Learn More scrolls its heading below the sticky header (phone and desktop)', async () => {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const ctx = await h.newContext({ width, height });
      const page = await ctx.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: 'Learn More' }).click();
      await page.waitForFunction(() => {
        const top = document.querySelector('#what-it-is-title')!.getBoundingClientRect().top;
        return top >= 0 && top < 400;
      });
      await page.waitForTimeout(600); // smooth scroll settles
      const headerBottom = await page.locator('header').first().evaluate((el) => el.getBoundingClientRect().bottom);
      const top = await page.locator('#what-it-is-title').evaluate((el) => el.getBoundingClientRect().top);
      expect(top, `at ${width} px`).toBeGreaterThanOrEqual(headerBottom);
      await ctx.close();
    }
  });

  it('an error that appears in a dialog takes the focus', async () => {
    await createOrgAdmin(asTestServer(h), { organizationName: 'Focus Test Institute' });
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signIn(page, h.admin.email, h.admin.password);
    await page.goto('/admin/organizations');
    await page.getByRole('button', { name: /Verify payment/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Paid until').fill('');
    await dialog.getByRole('button', { name: 'Verify payment' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))).toBe(true);
    await page.screenshot({ path: '/tmp/shots/spa/dialog-error-focus.png' });
    await ctx.close();
  });
});
