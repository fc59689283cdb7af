// Issue 12 item 16 in Chromium: a slow profile does not keep the spinner (a retry state shows until
// it arrives), Learn More's heading is not hidden under the sticky header, and an error
// that appears in a dialog takes the focus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrgAdmin } from '#tests/isolation/fixtures.ts';
import { asTestServer } from './assessment-helpers.ts';
import { collectErrors, HAS_CHROMIUM, saveShot, signInAs, startHarness, withoutSavedReads, type Harness } from './harness.ts';

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

  it('a slow profile: a retry state instead of the spinner while it is held, then the page when it arrives', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, h.admin.email, h.admin.password);
    // The profile is held until the page shows the retry state (the page switches to it after 2.5 s
    // without a profile), then let through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let delayed = 0;
    await page.route('**/api/auth/profile', async (route) => {
      delayed++;
      await held;
      await route.continue().catch(() => undefined);
    });
    const at = new URL(page.url()).pathname;
    await withoutSavedReads(page, at); // no saved copy of the profile to show
    await page.getByText('Your account is taking longer than usual to load').waitFor();
    await saveShot(page, '/tmp/shots/spa/slow-profile.png');
    release();
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
      // The smooth scroll has arrived and settled: the heading is near the top and did not move over two frames.
      await page.waitForFunction(
        () =>
          new Promise<boolean>((resolve) => {
            const title = document.querySelector('#what-it-is-title')!;
            const top = title.getBoundingClientRect().top;
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(top >= 0 && top < 400 && title.getBoundingClientRect().top === top)));
          }),
      );
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
    await signInAs(h, page, h.admin.email, h.admin.password);
    await page.goto('/admin/organizations');
    await page.getByRole('button', { name: /Verify payment/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Paid until').fill('');
    await dialog.getByRole('button', { name: 'Verify payment' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))).toBe(true);
    await saveShot(page, '/tmp/shots/spa/dialog-error-focus.png');
    await ctx.close();
  });
});
