// Property-based fuzzing of single sign-on (ADR 043): the embedded provider's POST /sso, SAML ACS
// and OIDC callback, and the org_admin's /api/organization/sso routes, with malformed XML (cut,
// bent, entity-laden, deeply nested, not base64) and hostile JSON. Never a 5xx: the browser-facing
// endpoints answer a redirect with GoTrue's error fragment, the JSON ones a 4xx with a code.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { FUZZ_SEED } from '#tests/setup/test-env.ts';
import { createOrgAdmin, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { metadataXml, readAuthnRequest, respond } from '#tests/support/sso/saml-idp.ts';
import { fuzzBody, nastyString, send, type FuzzBody } from './fuzz-inputs.ts';

const NUM_RUNS = 120;
const IDP = 'http://127.0.0.1:9/idp';

describe('SSO endpoints under malformed XML and JSON', () => {
  let server: TestServer;
  let ada: Member;

  beforeAll(async () => {
    server = await createTestServer('pglite');
    ada = await createOrgAdmin(server, { organizationName: 'Fuzz University' });
    const sys = await signInSystemAdmin(server);
    const provider = await server.json('POST', '/api/organization/sso/providers', { kind: 'saml', metadataXml: metadataXml(IDP, 'http://127.0.0.1:9/sso') }, ada.accessToken);
    const domain = await server.json('POST', '/api/organization/sso/domains', { domain: 'fuzz.example', providerId: provider.body.id }, ada.accessToken);
    await server.json('PUT', `/api/admin/sso-domains/${domain.body.id}`, { status: 'approved' }, sys.accessToken);
  });
  afterAll(async () => server?.close());

  const valid = (id: string, acs: string, aud: string) =>
    Buffer.from(respond(IDP, { user: { eppn: 'a@fuzz.example', mail: 'a@fuzz.example', givenName: 'A', sn: 'B' }, inResponseTo: id, acsUrl: acs, audience: aud }), 'base64').toString('utf8');

  /** XML that is almost right, or not at all. */
  const badXml = (seed: string) =>
    fc.oneof(
      fc.string({ maxLength: 200 }),
      nastyString,
      fc.integer({ min: 1, max: seed.length - 1 }).map((n) => seed.slice(0, n)),
      fc.tuple(fc.integer({ min: 0, max: seed.length }), nastyString).map(([n, s]) => seed.slice(0, n) + s + seed.slice(n)),
      fc.constant(`<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY y "&x;&x;">]><r>&y;</r>`),
      fc.constant(`<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>${seed}`),
      fc.integer({ min: 100, max: 6000 }).map((n) => `${'<a>'.repeat(n)}${'</a>'.repeat(n)}`),
      fc.constant(seed.replace(/saml:Assertion/g, 'saml:Assertio')),
      fc.constant(seed.replace(/xmlns:saml="[^"]*"/, '')),
      fc.constant(`${seed}${seed}`),
    );

  const expectNo5xx = (status: number, text: string, what: string) => expect(status, `${what} → ${status} ${text.slice(0, 300)}`).toBeLessThan(500);

  it('POST /auth/v1/sso/saml/acs: a redirect with an error, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.nat(), fc.oneof(fc.constant('b64'), fc.constant('raw'), fc.constant('form')), async (realState, pick, how) => {
        const started = await send(server.app, 'POST', '/auth/v1/sso', { body: JSON.stringify({ domain: 'fuzz.example', redirect_to: null }), contentType: 'application/json', label: 'start' }, { apikey: EMBEDDED_ANON_KEY });
        expect(started.status).toBe(200);
        const seen = readAuthnRequest((started.json as { url: string }).url);
        const seed = valid(seen.id, seen.acsUrl, seen.issuer);
        const xml = fc.sample(badXml(seed), { numRuns: 1, seed: pick })[0]!;
        const samlResponse = how === 'raw' ? xml : Buffer.from(xml, 'utf8').toString('base64');
        const form = new URLSearchParams({ SAMLResponse: samlResponse, RelayState: realState ? seen.relayState : String(pick) });
        const body: FuzzBody = how === 'form' ? { body: `${form.toString()}&SAMLResponse=second`, contentType: 'application/x-www-form-urlencoded', label: 'dup' } : { body: form.toString(), contentType: 'application/x-www-form-urlencoded', label: 'form' };
        const res = await send(server.app, 'POST', '/auth/v1/sso/saml/acs', body, {});
        expectNo5xx(res.status, res.text, `ACS ${xml.slice(0, 120)}`);
      }),
      { numRuns: NUM_RUNS, seed: FUZZ_SEED },
    );
  });

  it('POST /auth/v1/sso/saml/acs with any body and content type', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzBody, async (body) => {
        const res = await send(server.app, 'POST', '/auth/v1/sso/saml/acs', body, {});
        expectNo5xx(res.status, res.text, `ACS ${body.label}`);
      }),
      { numRuns: NUM_RUNS, seed: FUZZ_SEED },
    );
  });

  it('POST /auth/v1/sso and GET /auth/v1/sso/oidc/callback with hostile input', async () => {
    const domainish = fc.oneof(nastyString, fc.constantFrom('fuzz.example', 'FUZZ.EXAMPLE.', 'xn--', 'a'.repeat(300), 'fuzz.example/../x', '*.example', '@', ''));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fuzzBody, fc.record({ domain: domainish, redirect_to: nastyString }).map((o) => ({ body: JSON.stringify(o), contentType: 'application/json', label: JSON.stringify(o).slice(0, 120) }))), async (body) => {
        const res = await send(server.app, 'POST', '/auth/v1/sso', body, { apikey: EMBEDDED_ANON_KEY });
        expectNo5xx(res.status, res.text, `POST /sso ${body.label}`);
        if (res.status >= 400) expect(typeof (res.json as { code?: unknown })?.code).toBe('string');
      }),
      { numRuns: NUM_RUNS, seed: FUZZ_SEED },
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('code', 'state', 'error', 'iss', 'session_state', 'x'), nastyString, { maxKeys: 4 }), async (q) => {
        const res = await send(server.app, 'GET', `/auth/v1/sso/oidc/callback?${new URLSearchParams(q).toString()}`, { label: 'q' }, {});
        expectNo5xx(res.status, res.text, `callback ${JSON.stringify(q)}`);
      }),
      { numRuns: NUM_RUNS, seed: FUZZ_SEED },
    );
  });

  it('/api/organization/sso: malformed metadata and JSON are a 4xx with words', async () => {
    const seed = metadataXml(IDP, 'http://127.0.0.1:9/sso');
    const bodies = fc.oneof(
      badXml(seed).map((x): FuzzBody => ({ body: JSON.stringify({ kind: 'saml', metadataXml: x }), contentType: 'application/json', label: `metadata ${x.slice(0, 100)}` })),
      fuzzBody,
    );
    await fc.assert(
      fc.asyncProperty(bodies, fc.constantFrom('POST /api/organization/sso/providers', 'POST /api/organization/sso/domains', 'PUT /api/organization/sso/settings'), async (body, route) => {
        const [method, path] = route.split(' ') as [string, string];
        const res = await send(server.app, method, path, body, { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${ada.accessToken}` });
        expectNo5xx(res.status, res.text, `${route} ${body.label}`);
        if (res.status >= 400) expect(typeof (res.json as { error?: unknown })?.error, `${route} ${body.label}`).toBe('string');
      }),
      { numRuns: NUM_RUNS, seed: FUZZ_SEED },
    );
  });
});
