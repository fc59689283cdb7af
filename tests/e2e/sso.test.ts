// Single sign-on in the browser (ADR 043): "Sign in with single sign-on" on the login page takes
// the user through a real SAML IdP (HTTP-Redirect out, signed assertion POSTed back) and a real
// OpenID provider (oidc-provider), both on loopback, to the dashboard; a refusal comes back to the
// login page in words. The org_admin's SSO settings and the system admin's domain approval pages.
// Keyboard reachable, axe-core clean (WCAG 2.1 AA), at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createOrgAdmin, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { startSamlIdp, type SamlIdp } from '#tests/support/sso/saml-idp.ts';
import { startOidcIdp, type OidcIdp } from '#tests/support/sso/oidc-idp.ts';
import { asTestServer } from './assessment-helpers.ts';
import { axeViolations, collectErrors, HAS_CHROMIUM, shotAtBothWidths, signInAs, startHarness, tabTo, type Harness } from './harness.ts';

describe.skipIf(!HAS_CHROMIUM)('single sign-on (Chromium)', () => {
  let h: Harness;
  let admin: Member;
  let sys: Member;
  let saml: SamlIdp;
  let oidc: OidcIdp;

  beforeAll(async () => {
    h = await startHarness();
    const api = asTestServer(h);
    saml = await startSamlIdp({ eppn: 'ann@uni.example', mail: 'ann@uni.example', givenName: 'Ann', sn: 'Scholar' });
    oidc = await startOidcIdp(`${h.baseUrl}/auth/v1/sso/oidc/callback`, { sub: 'oid-1', email: 'otto@oidc.example', givenName: 'Otto', familyName: 'Open' });
    admin = await createOrgAdmin(api, { organizationName: 'Single Sign-On University', firstName: 'Ada', lastName: 'Admin' });
    sys = await signInSystemAdmin(api);
    const s = await api.json('POST', '/api/organization/sso/providers', { kind: 'saml', metadataXml: saml.metadata }, admin.accessToken);
    const o = await api.json('POST', '/api/organization/sso/providers', { kind: 'oidc', issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret }, admin.accessToken);
    for (const [domain, providerId] of [['uni.example', s.body.id], ['oidc.example', o.body.id]] as const) {
      const d = await api.json('POST', '/api/organization/sso/domains', { domain, providerId }, admin.accessToken);
      expect(d.status).toBe(201);
    }
    // One stays waiting, for the approval page.
    await api.json('POST', '/api/organization/sso/domains', { domain: 'pending.example', providerId: s.body.id }, admin.accessToken);
    const list = await api.json('GET', '/api/admin/sso-domains', undefined, sys.accessToken);
    for (const d of list.body.filter((x: { domain: string }) => x.domain !== 'pending.example')) {
      expect((await api.json('PUT', `/api/admin/sso-domains/${d.id}`, { status: 'approved' }, sys.accessToken)).status).toBe(200);
    }
    expect((await api.json('PUT', '/api/organization/sso/settings', { provisioning: 'member', ssoOnly: false }, admin.accessToken)).status).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await saml?.close();
    await oidc?.close();
    await h?.close();
  });

  /** From /login, by keyboard: open the SSO form, type the address, continue; lands on the dashboard. */
  async function ssoFromLogin(page: Page, address: string, shotName?: string): Promise<void> {
    await page.goto('/login');
    const open = page.getByRole('button', { name: 'Sign in with single sign-on' });
    await tabTo(page, open, 30);
    await page.keyboard.press('Enter');
    const field = page.getByLabel('Work e-mail or domain');
    await field.fill(address);
    if (shotName) {
      expect(await axeViolations(page)).toEqual([]);
      await shotAtBothWidths(page, shotName);
    }
    await field.press('Enter');
  }

  for (const width of [1280, 390]) {
    it(`signs in through the SAML identity provider, then the OpenID provider, at ${width} px`, async () => {
      for (const [address, name] of [['ann@uni.example', 'saml'], ['oidc.example', 'oidc']] as const) {
        const ctx = await h.newContext({ width, height: width === 390 ? 844 : 900 });
        const page = await ctx.newPage();
        const errors = collectErrors(page);
        await ssoFromLogin(page, address, width === 1280 && name === 'saml' ? 'sso-login' : undefined);
        await page.waitForURL('**/dashboard', { timeout: 30_000 });
        await page.locator('header[data-app-header]').waitFor({ state: 'attached' });
        expect(page.url()).not.toContain('access_token');
        if (width === 1280) await shotAtBothWidths(page, `sso-${name}-dashboard`);
        expect(errors).toEqual([]);
        await ctx.close();
      }
    });
  }

  it('says in words when no single sign-on is set up, and when the organization refuses the sign-in', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await ssoFromLogin(page, 'someone@nowhere.example');
    await page.getByText('No single sign-on is set up for this domain yet').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The IdP vouches for an address on a domain the organization was not approved for.
    saml.user = { eppn: 'eve@uni.example', mail: 'eve@elsewhere.example', givenName: 'Eve', sn: 'Outsider' };
    await ssoFromLogin(page, 'uni.example');
    await page.getByText('Your e-mail domain is not approved for single sign-on with this organization.').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    await shotAtBothWidths(page, 'sso-login-refused');
    expect(await axeViolations(page)).toEqual([]);
    await ctx.close();
  });

  it('shows the org_admin the single sign-on settings, and the system admin the domains to approve', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signInAs(h, page, admin.email, admin.password);
    await page.goto('/organization');
    await page.getByRole('heading', { name: 'Single sign-on' }).waitFor();
    await page.getByText('pending.example').waitFor();
    await page.getByText('Waiting for approval').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'sso-organization-settings');
    await ctx.close();

    const adminCtx = await h.newContext();
    const adminPage = await adminCtx.newPage();
    await signInAs(h, adminPage, h.admin.email, h.admin.password);
    await adminPage.goto('/admin/sso-domains');
    const approve = adminPage.getByRole('button', { name: 'Approve pending.example for Single Sign-On University' });
    await approve.waitFor();
    expect(await adminPage.title()).toContain('SSO domains');
    expect(await axeViolations(adminPage)).toEqual([]);
    await shotAtBothWidths(adminPage, 'sso-admin-domains');
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await approve.click();
    await adminPage.getByRole('button', { name: 'Withdraw approval of pending.example' }).waitFor();
    await adminCtx.close();
  });
});
