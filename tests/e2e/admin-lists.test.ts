// The admin lists read keyset pages (docs/decisions/026-platform-scale-admin-lists-and-indexes.md):
// Load more appends the next page, the search box asks the server, the audit log moves with
// Previous / Next; keyboard usable and axe-core clean (WCAG 2.1 AA), at 390 and 1280 px.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, HAS_CHROMIUM, collectErrors, shot, signInAs, startHarness, type Harness } from './harness.ts';

describe.skipIf(!HAS_CHROMIUM)('admin lists in pages (Chromium)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    const db = h.server.database.db;
    await db.execute(sql`insert into organizations (name, contact_email) select 'Paged College ' || lpad(g::text, 3, '0'), 'desk' || g || '@paged.example' from generate_series(1, 64) g`);
    await db.execute(sql`insert into audit_log (action, target_type, target_id, created_at)
      select 'organization.suspended', 'organization', 'T' || g, now() - (g || ' minutes')::interval from generate_series(1, 64) g`);
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  it('organizations: 50 first, Load more appends the rest, the search asks the server', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, h.admin.email, h.admin.password);
    await page.goto('/admin/organizations');
    await page.getByText('Paged College 050').waitFor();
    expect(await page.getByText('Paged College 051').count()).toBe(0);
    expect(await page.getByTestId('showing').textContent()).toMatch(/^Showing 50 (of about \d+ organizations|organizations, more available)$/);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'admin-lists-organizations-1280');

    const more = page.getByRole('button', { name: 'Load more' });
    await more.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Paged College 064').waitFor();
    expect(await page.getByTestId('showing').textContent()).toBe('Showing 64 organizations');
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await page.locator('tbody tr').count()).toBe(64);

    await page.getByLabel('Search organizations').fill('paged college 06');
    await page.getByText('Showing 5 organizations').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(5);
    await page.getByLabel('Search organizations').fill('college');
    await page.getByText('No organizations found').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('audit log: Next and Previous move between pages of 50; usable at 390 px', async () => {
    const ctx = await h.newContext({ width: 390, height: 844 });
    const page = await ctx.newPage();
    await signInAs(h, page, h.admin.email, h.admin.password);
    await page.goto('/admin/audit-log');
    const showing = page.getByTestId('showing');
    await page.getByText('Page 1: showing 50, more available').waitFor();
    const firstTarget = await page.locator('tbody tr').first().textContent();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/^Page 2: showing \d+$/).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await page.locator('tbody tr').first().textContent()).not.toBe(firstTarget);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'admin-lists-audit-390');
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1: showing 50, more available').waitFor();
    expect(await page.locator('tbody tr').first().textContent()).toBe(firstTarget);
    expect(await showing.count()).toBe(1);

    await page.goto('/admin/organizations');
    await page.getByText('Paged College 001').waitFor();
    await shot(page, 'admin-lists-organizations-390');
    await ctx.close();
  });
});
