// Request budgets (server/lib/rate-limit.ts): invitation mail per sender, report rendering per user,
// session-less lookups per client address. Over budget: 429 rate_limited, Retry-After, a readable
// message; other callers keep their budget; the budget returns when the window has passed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS, rateLimitMessage } from '#server/lib/rate-limit.ts';
import { createOrgAdmin, joinKeyOf, type Member } from '#tests/isolation/fixtures.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signInUser } from '#tests/setup/auth.ts';

describe('rate limits (pglite)', () => {
  let server: TestServer;
  let admin: Member;
  let other: Member;
  let clock = Date.now();

  beforeAll(async () => {
    server = await createTestServer('pglite', {}, { now: () => new Date(clock) });
    admin = await createOrgAdmin(server, { organizationName: 'Budget Lab' });
    other = await createOrgAdmin(server, { organizationName: 'Neighbour Lab' });
  }, 120_000);
  afterAll(async () => server?.close());

  const expectLimited = (res: { status: number; body: any; headers: Headers }) => {
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('rate_limited');
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(res.body.error).toBe(rateLimitMessage(wait));
  };

  it('caps report file rendering per user, counted before any work', async () => {
    const id = (await server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId }, admin.accessToken)).body.assessmentId;
    const file = (name: string, as: Member) => server.json('GET', `/api/assessments/${id}/${name}`, undefined, as.accessToken);
    for (let i = 0; i < RATE_LIMITS.reportFile.max; i++) {
      const res = await file('report.pdf', admin);
      expect(res.status).toBeGreaterThanOrEqual(400); // not submitted yet: refused, but the attempt counts
      expect(res.status).not.toBe(429);
    }
    expectLimited(await file('actions.xlsx', admin));
    expect((await file('report.docx', other)).status).toBe(404); // another user (and organization) keeps its budget
  });

  it('caps session-less lookups per client address, ignoring X-Forwarded-For unless the peer is a trusted proxy', async () => {
    const key = await joinKeyOf(server, admin.organizationId!);
    const from = (address: string, headers: Record<string, string> = {}) =>
      server.app.request(`/api/organization/public/${admin.organizationId}?key=${key}`, { headers }, { incoming: { socket: { remoteAddress: address } } });
    for (let i = 0; i < RATE_LIMITS.publicLookup.max; i++) expect((await from('203.0.113.7')).status).toBe(200);
    const limited = await from('203.0.113.7');
    expectLimited({ status: limited.status, body: await limited.json(), headers: limited.headers });
    // Same budget for the invitation lookups; a different address has its own.
    expect((await server.app.request('/api/auth/validate-invite?token=x', {}, { incoming: { socket: { remoteAddress: '203.0.113.7' } } })).status).toBe(429);
    expect((await from('198.51.100.4')).status).toBe(200);
    // A client cannot pick its address with X-Forwarded-For, not even from loopback: without
    // TRUSTED_PROXIES (none here) the header is ignored and every request counts for the peer.
    expect((await from('203.0.113.7', { 'x-forwarded-for': '192.0.2.1' })).status).toBe(429);
    for (let i = 0; i < RATE_LIMITS.publicLookup.max; i++) {
      expect((await from('127.0.0.1', { 'x-forwarded-for': `192.0.2.${i}` })).status).toBe(200);
    }
    expect((await from('127.0.0.1', { 'x-forwarded-for': '192.0.2.250' })).status).toBe(429);
  });

  // Last: it moves the clock past the window, which also expires the sessions above.
  it('caps invitation e-mails per sender; another sender is unaffected; the budget returns after the window', async () => {
    const invite = (as: Member) => server.json('POST', '/api/auth/invite', { email: `p-${randomUUID().slice(0, 8)}@budget.example`, organizationId: as.organizationId }, as.accessToken);
    for (let i = 0; i < RATE_LIMITS.invite.max; i++) expect((await invite(admin)).status).toBe(201);
    const sentBefore = server.mail.length;
    expectLimited(await invite(admin));
    expect(server.mail.length).toBe(sentBefore); // refused before any mail is sent
    expect((await invite(other)).status).toBe(201);
    // An invalid body does not spend the budget (it is refused by validation first).
    expect((await server.json('POST', '/api/auth/invite', { email: 'nope' }, other.accessToken)).status).toBe(400);

    clock += RATE_LIMITS.invite.windowMs + 1000;
    const fresh = await signInUser(server, admin.email, admin.password); // the old token expired meanwhile
    expect((await invite({ ...admin, accessToken: fresh.accessToken })).status).toBe(201);
  });
});
