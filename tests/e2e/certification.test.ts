// Self-certification in a real browser against the real server: an org_admin signs after a Pass,
// downloads the certificate, anyone opens the public verify page signed out (what was certified,
// the canonical text and how to recompute its SHA-256); signing again supersedes the first record.
// Definition lists are checked with axe-core's "definition-list" and "dlitem" rules (each dt/dd
// pair in exactly one div directly inside the <dl>); the verify page with every WCAG 2.1 A/AA rule.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificationsView } from '#domain/contracts/cycles.ts';
import { ORGANIZATION_NAME_LABEL, SUPERSEDED_EXPLAINED } from '#domain/certification/certification.ts';
import { createOrgAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { answerAll, createAssessment } from '#server/features/assessments/assessments.test-helpers.ts';
import { asTestServer } from './assessment-helpers.ts';
import { collectErrors, HAS_CHROMIUM, shot, signInAs, startHarness, type Harness } from './harness.ts';

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  // On failure, name the outermost elements that stick out (and their ancestors).
  const culprits = overflow <= 0 ? '' : await page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 1;
    return Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > edge && (!el.parentElement || el.parentElement.getBoundingClientRect().right <= edge))
      .slice(0, 5)
      .map((el) => {
        const chain: string[] = [];
        for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) chain.push(`${a.tagName}.${(a.getAttribute('class') ?? '').slice(0, 50)} [${Math.round(a.getBoundingClientRect().width)}]`);
        return chain.join(' < ');
      })
      .join('\n');
  });
  expect(overflow, `${page.url()} at ${page.viewportSize()?.width} px\n${culprits}`).toBeLessThanOrEqual(0);
}

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's definition-list rules on the page, and the structure they ask for checked directly too. */
async function definitionListsAreValid(page: Page): Promise<void> {
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy (script-src 'self') refuses an injected tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readFile(AXE_SOURCE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ['definition-list', 'dlitem'] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
  });
  expect(violations).toEqual([]);
  const shapes = await page.evaluate(() =>
    Array.from(document.querySelectorAll('dl')).map((dl) => Array.from(dl.children).map((c) => `${c.tagName}>${Array.from(c.children).map((g) => g.tagName).join('+')}`)),
  );
  expect(shapes.length).toBeGreaterThan(0);
  for (const shape of shapes) for (const item of shape) expect(item).toBe('DIV>DT+DD');
}

/** Every axe-core WCAG 2.0/2.1 level A and AA rule on the page as it is now. */
async function wcagClean(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readFile(AXE_SOURCE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
  });
  expect(violations, page.url()).toEqual([]);
}

describe.skipIf(!HAS_CHROMIUM)('self-certification (Chromium)', () => {
  let h: Harness;
  let admin: Member;
  let assessmentId: string;
  const chain = async (): Promise<CertificationsView> => (await asTestServer(h).json('GET', '/api/certifications', undefined, admin.accessToken)).body as CertificationsView;

  beforeAll(async () => {
    h = await startHarness();
    const server = asTestServer(h);
    admin = await createOrgAdmin(server, { organizationName: 'Acme Research', firstName: 'Ada', lastName: 'Admin' });
    assessmentId = await createAssessment(server, admin.accessToken, admin.organizationId);
    await answerAll(server, admin.accessToken, assessmentId, () => 'yes');
    const submitted = await server.json('POST', `/api/assessments/${assessmentId}/submit`, undefined, admin.accessToken);
    expect(submitted.body.passFail).toBe('Pass');
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  it('signs from the results, downloads the certificate, verifies signed out; signing again supersedes the first record', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, admin.email, admin.password);
    await page.goto(`/assessment/${assessmentId}`);
    await page.getByRole('link', { name: 'Sign a self-certification' }).click();
    await page.waitForURL('**/certification');
    await page.getByRole('heading', { name: 'Self-certification', level: 1 }).waitFor();
    expect(await page.title()).toBe('Self-certification · MVRSP Assess');
    await page.getByRole('link', { name: 'Self-certification' }).first().waitFor();

    const form = page.getByRole('form', { name: 'Sign a self-certification' });
    expect(await form.getByLabel('Full name').inputValue()).toBe('Ada Admin');
    expect(await form.getByLabel('Full name').getAttribute('readonly')).not.toBeNull();
    expect(await form.getByTestId('certification-statement').textContent()).toContain('it is not a certification by any federal agency');
    await form.getByRole('button', { name: 'Sign' }).click();
    await form.getByText('Enter your title').waitFor();
    await form.getByLabel('Title').fill('Research Security Officer');
    await form.getByRole('button', { name: 'Sign' }).click();
    await form.getByText('Confirm the statement to sign').waitFor();
    await form.getByLabel('I confirm this statement').check();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'certification-form-1280');
    await form.getByRole('button', { name: 'Sign' }).click();

    await page.getByRole('heading', { name: 'Current record' }).waitFor();
    await page.getByRole('heading', { name: 'Sign again' }).waitFor();
    const first = (await chain()).certifications[0]!;
    expect(first.status).toBe('current');
    await page.getByText(first.sha256).waitFor();
    await page.getByText('Record expires').waitFor();
    expect(await page.getByText('Valid until').count()).toBe(0);
    await definitionListsAreValid(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'certification-1280');

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Certificate PDF' }).first().click()]);
    expect(file.suggestedFilename()).toBe(`mvrsp-self-certification-${first.verify_code}.pdf`);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Anyone, signed out.
    const anon = await h.newContext();
    const pub = await anon.newPage();
    await pub.goto(`/verify/${first.verify_code}`);
    await pub.getByRole('heading', { name: 'Verify a self-certification' }).waitFor();
    await pub.getByTestId('verify-status').getByText('Current:').waitFor();
    expect(await pub.title()).toBe('Verify a self-certification · MVRSP Assess');
    const text = (await pub.locator('main').textContent()) ?? '';
    for (const expected of [ORGANIZATION_NAME_LABEL, 'Acme Research', 'Ada Admin, Research Security Officer', 'Pass', 'Record expires', first.sha256, 'not a certification, approval or endorsement by any federal agency'])
      expect(text).toContain(expected);
    expect(text).not.toContain(admin.email);
    expect(text).not.toContain('Valid until');

    // What was certified, as signed (canonical format 3).
    const certified = (await pub.getByTestId('verify-certified').textContent()) ?? '';
    for (const expected of ['Questionnaire version', first.version_label, 'Questions asked', 'Kind of organization', 'Institution of higher education', 'Covered institution', 'Funding agencies', 'NSF', 'Funding instruments', 'NSF: grants or cooperative agreements and contracts', 'Payment verified', 'Not verified: no confirmed subscription payment', 'Organization identity verified', 'Not verified: MVRSP Assess does not check who an organization is'])
      expect(certified).toContain(expected);
    // The canonical text is published and hashes to the recorded SHA-256: in the browser, and as served for sha256sum.
    await pub.getByRole('heading', { name: 'How to check this yourself' }).waitFor();
    await pub.getByText('Checked in your browser: the SHA-256 of the canonical text below is the recorded one.').waitFor();
    const command = (await pub.getByTestId('verify-command').textContent()) ?? '';
    expect(command).toBe(`curl -s '${h.baseUrl}/api/verify/${first.verify_code}/canonical.txt' | sha256sum`);
    await pub.getByText(/^Canonical text \(format 3\)$/).click();
    const shownCanonical = (await pub.getByTestId('verify-canonical').textContent()) ?? '';
    const link = pub.getByRole('link', { name: 'Download the canonical text' });
    const served = await pub.request.get(new URL((await link.getAttribute('href'))!, h.baseUrl).href);
    expect(served.status()).toBe(200);
    const servedBytes = await served.body();
    expect(createHash('sha256').update(servedBytes).digest('hex')).toBe(first.sha256);
    expect(servedBytes.toString('utf8')).toBe(shownCanonical);
    expect(JSON.parse(shownCanonical)).toMatchObject({ format: 'mvrsp-self-certification/3', version_label: first.version_label, payment_verified: false, identity_verified: false });
    expect(shownCanonical).not.toContain(admin.email);
    await definitionListsAreValid(pub);
    await wcagClean(pub);
    await shot(pub, 'verify-1280');

    // Sign again: the first record is superseded, the chain keeps both.
    const again = page.getByRole('form', { name: 'Sign a self-certification' });
    await again.getByLabel('Title').fill('Vice President for Research');
    await again.getByLabel('I confirm this statement').check();
    await again.getByRole('button', { name: 'Sign' }).click();
    await page.getByTestId('certification-item').nth(1).waitFor();
    const both = (await chain()).certifications;
    expect(both.map((c) => c.status)).toEqual(['current', 'superseded']);
    expect(both[1]!.id).toBe(first.id);
    await page.getByTestId('certification-item').nth(1).getByText('Superseded').waitFor();

    await pub.goto(`/verify/${first.verify_code}`);
    await expect.poll(async () => (await pub.getByTestId('verify-status').textContent())?.trim()).toBe(SUPERSEDED_EXPLAINED);
    // A superseded record shows "Superseded" where the expiry was.
    expect((await pub.locator('main').textContent()) ?? '').not.toContain('Record expires');
    await shot(pub, 'verify-superseded-1280');
    await pub.goto('/verify/AAAAAAAAAAAAAAAAAAAA');
    await pub.getByText('No certification record has this code').waitFor();

    // Narrow and middle widths: no sideways scrolling (320 px and the header's breakpoints), screenshots at 390 px.
    for (const width of [320, 390, 768, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await pub.setViewportSize({ width, height: 800 });
      await page.reload();
      await page.getByRole('heading', { name: 'Current record' }).waitFor();
      await noSidewaysScroll(page);
      await pub.goto(`/verify/${both[0]!.verify_code}`);
      await pub.getByTestId('verify-status').waitFor();
      await noSidewaysScroll(pub);
      if (width === 390) {
        await shot(page, 'certification-390');
        await pub.getByText(/^Canonical text \(format 3\)$/).click();
        await pub.getByTestId('verify-canonical').waitFor();
        await noSidewaysScroll(pub);
        await wcagClean(pub);
        await shot(pub, 'verify-390');
      }
      if (width === 768 || width === 1024) await shot(page, `certification-${width}`, false);
    }
    await pub.goto('/verify/AAAAAAAAAAAAAAAAAAAA');
    await pub.getByText('No certification record has this code').waitFor();
    await shot(pub, 'verify-unknown-390');
    expect(errors).toEqual([]);
    await anon.close();
    await ctx.close();
  });

  it('an organization with no submitted assessment reads "No assessment submitted yet"', async () => {
    const fresh = await createOrgAdmin(asTestServer(h), { organizationName: 'Fresh Lab', firstName: 'Finn', lastName: 'Fresh' });
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signInAs(h, page, fresh.email, fresh.password);
    await page.goto('/certification');
    await page.getByTestId('cannot-sign').getByText('No assessment submitted yet').waitFor();
    expect(await page.getByText('Not passed yet').count()).toBe(0);
    await shot(page, 'certification-empty-1280');
    await ctx.close();
  });
});
