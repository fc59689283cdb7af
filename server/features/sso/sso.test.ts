// Single sign-on per organization (ADR 043) against real identity providers on loopback: a SAML
// IdP that signs its assertions with xml-crypto (tests/support/sso/saml-idp.ts) and oidc-provider
// (tests/support/sso/oidc-idp.ts), started by the real supabase-js signInWithSSO on the real server.
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredSso } from '#server/auth-provider/index.ts';
import { auditLog, authSsoReplays, authSsoStates } from '#server/db/schema/index.ts';
import { jsonRequester, type TestServer } from '#tests/setup/app.ts';
import { verifySecondFactor } from '#tests/setup/mfa.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { startContractServer, type ContractServer } from '#tests/contract/contract-server.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { ATTACKER_KEY, readAuthnRequest, readPostForm, respond, startSamlIdp, type SamlIdp, type SamlUser } from '#tests/support/sso/saml-idp.ts';
import { browse, startOidcIdp, type OidcIdp } from '#tests/support/sso/oidc-idp.ts';

describe.each(DB_DRIVERS)('single sign-on (SAML and OIDC, %s)', (driver) => {
  let cs: ContractServer;
  let server: TestServer;
  let saml: SamlIdp;
  let oidc: OidcIdp;
  let ada: Member; // org_admin of Acme (the university)
  let cy: Member; // org_admin of Beta
  let sys: Member;
  let samlProviderId: string;
  let oidcProviderId: string;

  const call = (method: string, path: string, token: string, body?: unknown) => server.json(method, path, body, token);
  const login = () => `${cs.baseUrl}/login`;
  const fragment = (location: string) => Object.fromEntries(new URLSearchParams(new URL(location).hash.slice(1)));
  const refusals = async (code: string) =>
    (await server.deps.db.select().from(auditLog).where(eq(auditLog.action, 'sso.refused'))).filter((r) => JSON.parse(r.after ?? '{}').code === code);
  const user = (n: string, extra: Partial<SamlUser> = {}): SamlUser => ({ eppn: `${n}@uni.example`, mail: `${n}@uni.example`, givenName: n, sn: 'Scholar', ...extra });

  /** supabase-js signInWithSSO: the URL to the identity provider. */
  const startSso = async (domain: string) => {
    const { data, error } = await cs.client().auth.signInWithSSO({ domain, options: { redirectTo: login() } });
    if (error) throw error;
    return data.url;
  };
  /** What the browser does with the IdP's auto-posting form. */
  const postAcs = async (SAMLResponse: string, RelayState: string) => {
    const res = await fetch(`${cs.baseUrl}/auth/v1/sso/saml/acs`, { method: 'POST', body: new URLSearchParams({ SAMLResponse, RelayState }), redirect: 'manual' });
    expect(res.status).toBe(303);
    return res.headers.get('location') ?? '';
  };
  /** A full SAML sign-in as `who` through the running IdP. */
  const samlSignIn = async (who: SamlUser) => {
    saml.user = who;
    const html = await (await fetch(await startSso('uni.example'))).text();
    const form = readPostForm(html);
    expect(form.action).toBe(`${cs.baseUrl}/auth/v1/sso/saml/acs`);
    return fragment(await postAcs(form.SAMLResponse, form.RelayState));
  };
  /** A crafted answer to a real AuthnRequest (the attacks). */
  const crafted = async (bend: Partial<Parameters<typeof respond>[1]>) => {
    const seen = readAuthnRequest(await startSso('uni.example'));
    const base = { user: user('mallory'), inResponseTo: seen.id, acsUrl: seen.acsUrl, audience: seen.issuer };
    return { seen, location: await postAcs(respond(saml.entityId, { ...base, ...bend }), seen.relayState) };
  };

  beforeAll(async () => {
    cs = await startContractServer(driver);
    server = { ...cs.built, mail: cs.mail, json: jsonRequester(cs.built.app) };
    saml = await startSamlIdp(user('first'));
    oidc = await startOidcIdp(`${cs.baseUrl}/auth/v1/sso/oidc/callback`, { sub: 'o-1', email: 'olga@oidc.example', givenName: 'Olga', familyName: 'Open' });
    ada = await createOrgAdmin(server, { organizationName: 'Acme University', firstName: 'Ada' });
    cy = await createOrgAdmin(server, { organizationName: 'Beta Labs', firstName: 'Cy' });
    sys = await signInSystemAdmin(server);
  });
  afterAll(async () => {
    await saml?.close();
    await oidc?.close();
    await cs?.close();
  });

  it('lets an org_admin add providers with strict bodies, safe XML and no access across organizations', async () => {
    for (const body of [{}, { kind: 'saml' }, { kind: 'saml', metadataXml: 'x', extra: 1 }, { kind: 'ldap' }, [], { kind: 'oidc', issuer: 'http://evil.example', clientId: 'x' }]) {
      const res = await call('POST', '/api/organization/sso/providers', ada.accessToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${saml.metadata.replace(/^<\?xml[^>]*>/, '')}`;
    expect((await call('POST', '/api/organization/sso/providers', ada.accessToken, { kind: 'saml', metadataXml: xxe })).status).toBe(400);
    const big = { kind: 'saml', metadataXml: 'x'.repeat(300 * 1024) };
    expect((await call('POST', '/api/organization/sso/providers', ada.accessToken, big)).status).toBe(413);

    const added = await call('POST', '/api/organization/sso/providers', ada.accessToken, { kind: 'saml', metadataXml: saml.metadata });
    expect(added).toMatchObject({ status: 201, body: { kind: 'saml', entityId: saml.entityId, ssoUrl: saml.ssoUrl, certificateCount: 1 } });
    samlProviderId = added.body.id;
    const o = await call('POST', '/api/organization/sso/providers', ada.accessToken, { kind: 'oidc', issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret });
    expect(o).toMatchObject({ status: 201, body: { kind: 'oidc', hasClientSecret: true } });
    expect(JSON.stringify(o.body)).not.toContain(oidc.clientSecret);
    oidcProviderId = o.body.id;

    expect((await call('POST', '/api/organization/sso/domains', ada.accessToken, { domain: 'Uni.Example', providerId: samlProviderId })).status).toBe(201);
    expect((await call('POST', '/api/organization/sso/domains', ada.accessToken, { domain: 'oidc.example', providerId: oidcProviderId })).status).toBe(201);
    expect((await call('POST', '/api/organization/sso/domains', ada.accessToken, { domain: 'not a domain', providerId: samlProviderId })).status).toBe(400);

    // Beta sees none of it and cannot touch it.
    expect((await call('GET', '/api/organization/sso', cy.accessToken)).body).toMatchObject({ providers: [], domains: [] });
    expect((await call('DELETE', `/api/organization/sso/providers/${samlProviderId}`, cy.accessToken)).status).toBe(404);
    expect((await call('POST', '/api/organization/sso/domains', cy.accessToken, { domain: 'beta.example', providerId: samlProviderId })).status).toBe(404);
    const mine = await call('GET', '/api/organization/sso', ada.accessToken);
    expect(mine.body.domains.map((d: { domain: string; status: string }) => `${d.domain}:${d.status}`).sort()).toEqual(['oidc.example:pending', 'uni.example:pending']);
    expect((await call('GET', '/api/admin/sso-domains', ada.accessToken)).status).toBe(403);
  });

  it('routes nobody through a domain until a system admin approves it, and an approved domain belongs to one organization', async () => {
    const { error } = await cs.client().auth.signInWithSSO({ domain: 'uni.example' });
    expect(error?.code).toBe('sso_provider_not_found');
    const list = await call('GET', '/api/admin/sso-domains', sys.accessToken);
    expect(list.status).toBe(200);
    for (const d of list.body.filter((x: { organizationId: string }) => x.organizationId === ada.organizationId)) {
      expect((await call('PUT', `/api/admin/sso-domains/${d.id}`, sys.accessToken, { status: 'approved' })).body.status).toBe('approved');
    }
    const approvals = await server.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'sso.domain_approved'), eq(auditLog.actorId, sys.userId)));
    expect(approvals).toHaveLength(2);
    // Beta claims the same domain: it may ask, but it is never approved while Acme holds it.
    const betaIdp = await call('POST', '/api/organization/sso/providers', cy.accessToken, { kind: 'saml', metadataXml: saml.metadata });
    expect((await call('POST', '/api/organization/sso/domains', cy.accessToken, { domain: 'uni.example', providerId: betaIdp.body.id })).status).toBe(409);
    // Both claim race.example while it is free; two approvals at once: one wins, the other is 409.
    const claims = await Promise.all([
      call('POST', '/api/organization/sso/domains', ada.accessToken, { domain: 'race.example', providerId: samlProviderId }),
      call('POST', '/api/organization/sso/domains', cy.accessToken, { domain: 'race.example', providerId: betaIdp.body.id }),
    ]);
    const decisions = await Promise.all(claims.map((c) => call('PUT', `/api/admin/sso-domains/${c.body.id}`, sys.accessToken, { status: 'approved' })));
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
    expect(await startSso('uni.example')).toMatch(new RegExp(`^${saml.ssoUrl}\\?SAMLRequest=`));
  });

  it('signs in through the SAML IdP: a join request by default, a team member when the organization says so', async () => {
    const first = await samlSignIn(user('jo'));
    expect(first.access_token).toBeTruthy();
    expect(decodeJwt(first.access_token!)).toMatchObject({ aal: 'aal1', amr: [{ method: 'sso/saml' }] });
    const asked = cs.mail.filter((m) => m.to === ada.email.toLowerCase() && m.subject.includes('jo Scholar asks to join'));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.text).toContain("signed in through your organization's single sign-on");
    const pending = await call('GET', '/api/auth/profile', first.access_token!);
    expect(pending, JSON.stringify(pending.body)).toMatchObject({ status: 403, body: { code: 'profile_missing', details: { joinRequest: { status: 'pending' } } } });

    expect((await call('PUT', '/api/organization/sso/settings', ada.accessToken, { provisioning: 'member', ssoOnly: false })).status).toBe(200);
    const second = await samlSignIn(user('kim', { affiliation: ['faculty@uni.example', 'member@uni.example'] }));
    const profile = await call('GET', '/api/auth/profile', second.access_token!);
    expect(profile, JSON.stringify(profile.body)).toMatchObject({ status: 200, body: { role: 'team_member', first_name: 'kim', last_name: 'Scholar', organization: { id: ada.organizationId } } });
    // The same person again is the same account.
    const again = await samlSignIn(user('kim'));
    expect(decodeJwt(again.access_token!).sub).toBe(decodeJwt(second.access_token!).sub);
    // Each single sign-on is in the organization's sign-in trail like a password sign-in (ADR 042).
    const kim = decodeJwt(second.access_token!).sub;
    const trail = await call('GET', `/api/organization/audit-log?kind=sign_in&person=${kim}`, ada.accessToken);
    expect(trail.status, JSON.stringify(trail.body)).toBe(200);
    const rows = trail.body.items as { action: string; method: string | null; outcome: string | null }[];
    expect(rows.map((r) => [r.action, r.method, r.outcome])).toEqual([['auth.sign_in', 'sso/saml', 'success'], ['auth.sign_in', 'sso/saml', 'success']]);
  });

  it('counts the REFEDS MFA context as the second factor, and only that', async () => {
    const raised = await verifySecondFactor(server, ada);
    const adaAal2 = raised.access_token;
    ada = { ...ada, accessToken: adaAal2, refreshToken: raised.refresh_token };
    const policy = await call('PUT', '/api/organization/security', adaAal2, { requireMfa: true });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    const withMfa = await samlSignIn(user('mfa', { mfa: true }));
    expect(decodeJwt(withMfa.access_token!)).toMatchObject({ aal: 'aal2' });
    const p = await call('GET', '/api/auth/profile', withMfa.access_token!);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    const without = await samlSignIn(user('nomfa'));
    expect((await call('GET', '/api/auth/profile', without.access_token!)).body.code).toBe('mfa_required');
    expect((await call('PUT', '/api/organization/security', adaAal2, { requireMfa: false })).status).toBe(200);
  });

  it('refuses forged, replayed, misaddressed and expired SAML answers with a clear error and an audit line', async () => {
    const cases: [string, Partial<Parameters<typeof respond>[1]>, string][] = [
      ['unsigned', { signingKey: null }, 'sso_assertion_invalid'],
      ['signed by another key', { signingKey: ATTACKER_KEY }, 'sso_assertion_invalid'],
      ['signature wrapping', { user: user('victim'), wrapWith: user('mallory') }, 'sso_assertion_invalid'],
      ['a second, unsigned assertion beside the signed one', { user: user('victim'), siblingWith: user('mallory') }, 'sso_assertion_invalid'],
      ['changed after signing', { user: user('victim'), tamperMail: 'mallory@uni.example' }, 'sso_assertion_invalid'],
      ['wrong audience', { audience: 'https://other-sp.example/metadata' }, 'sso_wrong_audience'],
      ['wrong recipient', { recipient: 'https://other-sp.example/acs' }, 'sso_wrong_recipient'],
      ['expired', { notOnOrAfterSeconds: -120, issueInstantOffsetSeconds: -600 }, 'sso_assertion_expired'],
    ];
    for (const [what, bend, code] of cases) {
      const before = (await refusals(code)).length;
      const { location } = await crafted(bend);
      expect(location.startsWith(login()), what).toBe(true);
      const f = fragment(location);
      expect(f, `${what} ${JSON.stringify((await server.deps.db.select().from(auditLog).where(eq(auditLog.action, 'sso.refused'))).at(-1)?.after)}`).toMatchObject({ error: 'access_denied', error_code: code });
      expect(f.access_token, what).toBeUndefined();
      expect(f.error_description!.length, what).toBeGreaterThan(10);
      expect((await refusals(code)).length, what).toBe(before + 1);
    }
    // Replays: the same POST again (its state is used), and the same assertion id in a new sign-in.
    saml.user = user('rex');
    const html = await (await fetch(await startSso('uni.example'))).text();
    const form = readPostForm(html);
    expect(fragment(await postAcs(form.SAMLResponse, form.RelayState)).access_token).toBeTruthy();
    expect(fragment(await postAcs(form.SAMLResponse, form.RelayState)).error_code).toBe('sso_state_invalid');
    const assertionId = `_fixed${Date.now()}`;
    expect(fragment((await crafted({ user: user('rex'), assertionId })).location).access_token).toBeTruthy();
    expect(fragment((await crafted({ user: user('rex'), assertionId })).location).error_code).toBe('sso_assertion_replayed');
    expect((await refusals('sso_assertion_replayed')).length).toBe(1);
    // An answer nobody asked for (no state).
    expect(fragment(await postAcs(respond(saml.entityId, { user: user('rex'), inResponseTo: '_x', acsUrl: `${cs.baseUrl}/auth/v1/sso/saml/acs`, audience: 'x' }), 'nope')).error_code).toBe('sso_state_invalid');
  });

  it('refuses an address on a domain the organization was not approved for, and a member it removed', async () => {
    const { location } = await crafted({ user: { ...user('eve'), mail: 'eve@elsewhere.example' } });
    expect(fragment(location).error_code).toBe('sso_domain_not_approved');
    const [line] = await refusals('sso_domain_not_approved');
    expect(line).toMatchObject({ organizationId: ada.organizationId });

    const lee = await samlSignIn(user('lee'));
    const leeId = decodeJwt(lee.access_token!).sub!;
    const removed = await call('DELETE', `/api/organization/members/${leeId}`, ada.accessToken);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const back = await samlSignIn(user('lee'));
    expect(back).toMatchObject({ error: 'access_denied', error_code: 'sso_user_removed' });
    expect(await refusals('sso_user_removed')).toHaveLength(1);
  });

  it('signs in through the OpenID provider with PKCE, state and nonce; REFEDS MFA by acr', async () => {
    const { location } = await browse(await startSso('oidc.example'), login());
    const f = fragment(location);
    expect(f.access_token, JSON.stringify(f)).toBeTruthy();
    expect(decodeJwt(f.access_token!)).toMatchObject({ aal: 'aal1', amr: [{ method: 'oauth' }], email: 'olga@oidc.example' });
    expect((await call('GET', '/api/auth/profile', f.access_token!)).body).toMatchObject({ role: 'team_member', first_name: 'Olga' });

    oidc.user = { sub: 'o-2', email: 'otto@oidc.example', givenName: 'Otto', familyName: 'Open', mfa: true };
    const mfa = fragment((await browse(await startSso('oidc.example'), login())).location);
    expect(decodeJwt(mfa.access_token!)).toMatchObject({ aal: 'aal2' });

    // The provider vouching for an address outside the approved domains is refused.
    oidc.user = { sub: 'o-3', email: 'olaf@elsewhere.example', givenName: 'Olaf', familyName: 'Open' };
    expect(fragment((await browse(await startSso('oidc.example'), login())).location).error_code).toBe('sso_domain_not_approved');
    // A callback with a made-up state or code.
    const forged = await fetch(`${cs.baseUrl}/auth/v1/sso/oidc/callback?code=abc&state=def`, { redirect: 'manual' });
    expect(fragment(forged.headers.get('location') ?? '').error_code).toBe('sso_state_invalid');
  });

  it('"SSO only" refuses password sign-in for members, keeps a break-glass org_admin with MFA, and needs the admin at aal2', async () => {
    const bo = await joinOrganization(server, ada.organizationId!, { firstName: 'Bo', email: 'bo@uni.example' });
    const aal1 = await cs.client().auth.signInWithPassword({ email: ada.email, password: ada.password });
    expect((await call('PUT', '/api/organization/sso/settings', aal1.data.session!.access_token, { provisioning: 'member', ssoOnly: true })).body.code).toBe('mfa_enrol_first');
    expect((await call('PUT', '/api/organization/sso/settings', ada.accessToken, { provisioning: 'member', ssoOnly: true })).status).toBe(200);
    const refused = await cs.client().auth.signInWithPassword({ email: bo.email, password: bo.password });
    expect(refused.error?.code).toBe('sso_required');
    const wrong = await cs.client().auth.signInWithPassword({ email: bo.email, password: 'wrong-password-123' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    const glass = await cs.client().auth.signInWithPassword({ email: ada.email, password: ada.password });
    expect(glass.error).toBeNull();
    // Beta's members are untouched.
    expect((await cs.client().auth.signInWithPassword({ email: cy.email, password: cy.password })).error).toBeNull();
  });

  it('forgets sign-in states and accepted assertion ids once they expired (the hourly sweep)', async () => {
    const db = server.deps.db;
    expect((await db.select().from(authSsoStates)).length).toBeGreaterThan(0);
    expect((await db.select().from(authSsoReplays)).length).toBeGreaterThan(0);
    await sweepExpiredSso(db, new Date());
    expect((await db.select().from(authSsoReplays)).length).toBeGreaterThan(0); // still guarding
    await sweepExpiredSso(db, new Date(Date.now() + 60 * 60_000));
    expect(await db.select().from(authSsoStates)).toEqual([]);
    expect(await db.select().from(authSsoReplays)).toEqual([]);
  });

  it('serves the service provider metadata', async () => {
    const res = await fetch(`${cs.baseUrl}/auth/v1/sso/saml/metadata`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`entityID="${cs.baseUrl}/auth/v1/sso/saml/metadata"`);
    expect(xml).toContain(`Location="${cs.baseUrl}/auth/v1/sso/saml/acs"`);
  });
});
