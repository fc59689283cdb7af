// Sessions and the sign-in audit trail (ADR 042) through real HTTP on loopback and the real
// supabase-js client: each event kind recorded with method, IP, User-Agent and outcome; the
// session list and ending another session; the organization's idle timeout and maximum age; a
// removed member's sessions ended.
import type { SupabaseClient } from '@supabase/supabase-js';
import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { base32Decode } from '#domain/base32.ts';
import type { AccountSessionsResponse, OrganizationAuditPage } from '#domain/contracts/sessions.ts';
import { hotp, totpStep } from '#server/auth-provider/auth.totp.ts';
import { auditLog } from '#server/db/schema/index.ts';
import { jsonRequester, type TestServer } from '#tests/setup/app.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { mailLinkTo, mailSettled, PASSWORD } from './contract-helpers.ts';
import { nodeSupabaseClient, startContractServer, type ContractServer } from './contract-server.ts';

const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe.each(DB_DRIVERS)('sessions and the sign-in audit trail over HTTP (%s)', (driver) => {
  let server: ContractServer;
  let fixtures: TestServer;
  let admin: Member;
  let member: Member;

  beforeEach(async () => {
    server = await startContractServer(driver);
    fixtures = { ...server.built, mail: server.mail, json: jsonRequester(server.built.app) };
    admin = await createOrgAdmin(fixtures, { organizationName: 'Acme Research', firstName: 'Ada', lastName: 'Admin', email: 'ada@acme.test' });
    member = await joinOrganization(fixtures, admin.organizationId!, { firstName: 'Bo', lastName: 'Member', email: 'bo@acme.test' });
  });
  afterEach(async () => {
    await server.close();
  });

  const client = (userAgent: string) => nodeSupabaseClient(server.baseUrl, { 'user-agent': userAgent });
  async function signedIn(userAgent: string, email = member.email): Promise<SupabaseClient> {
    const c = client(userAgent);
    const { error } = await c.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    return c;
  }
  const tokenOf = async (c: SupabaseClient) => (await c.auth.getSession()).data.session!.access_token;
  async function api(method: string, path: string, token: string, body?: unknown) {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'user-agent': LAPTOP, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
  }
  /** The organization's log as its org_admin reads it (GET /api/organization/audit-log), signed in afresh (the clock may have moved past a limit). */
  async function orgLog(query = ''): Promise<OrganizationAuditPage['items']> {
    await mailSettled(server); // failures are recorded after the answer
    const reader = await signedIn('audit reader', admin.email);
    const res = await api('GET', `/api/organization/audit-log?limit=100${query}`, await tokenOf(reader));
    expect(res.status).toBe(200);
    return (res.body as OrganizationAuditPage).items;
  }

  it('records sign-ins, failures (with the reason), second factors, factor changes and sign-outs with method, IP, User-Agent and outcome', async () => {
    const laptop = await signedIn(LAPTOP);
    expect((await client(PHONE).auth.signInWithPassword({ email: member.email, password: 'Wrong-password-123' })).error).toMatchObject({ code: 'invalid_credentials' });

    // Second factor: enrol, a wrong code, the right one; then unenrol.
    const { data: factor } = await laptop.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    if (!factor || factor.type !== 'totp') throw new Error('no factor');
    const code = (offset = 0) => hotp(base32Decode(factor.totp.secret), totpStep(server.clock.now()) + offset);
    const wrong = String((Number(code()) + 500_000) % 1_000_000).padStart(6, '0');
    expect((await laptop.auth.mfa.challengeAndVerify({ factorId: factor.id, code: wrong })).error).toMatchObject({ code: 'mfa_verification_failed' });
    expect((await laptop.auth.mfa.challengeAndVerify({ factorId: factor.id, code: code() })).error).toBeNull();
    expect((await laptop.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    expect((await laptop.auth.signOut({ scope: 'global' })).error).toBeNull();

    const rows = (await orgLog(`&person=${member.userId}`)).reverse(); // oldest first
    const mine = rows.filter((r) => r.ip === '127.0.0.1');
    expect(mine.map((r) => r.action)).toEqual([
      'auth.sign_in',
      'auth.sign_in_failed',
      'auth.mfa_failed',
      'auth.factor_enrolled',
      'auth.mfa_verified',
      'auth.factor_removed',
      'auth.sign_out',
    ]);
    expect(mine[0]).toMatchObject({ kind: 'sign_in', method: 'password', outcome: 'success', user_agent: LAPTOP, person: { id: member.userId, email: member.email, name: 'Bo Member' } });
    expect(mine[1]).toMatchObject({ kind: 'sign_in', method: 'password', outcome: 'failure', reason: 'wrong_password', user_agent: PHONE });
    expect(mine[2]).toMatchObject({ kind: 'second_factor', method: 'totp', outcome: 'failure', reason: 'mfa_verification_failed' });
    expect(mine[3]).toMatchObject({ kind: 'factor_change', after: expect.objectContaining({ factor_id: factor.id, friendly_name: 'Phone' }) });
    expect(mine[4]).toMatchObject({ kind: 'second_factor', method: 'totp', outcome: 'success' });
    expect(mine[6]).toMatchObject({ kind: 'sign_out', after: expect.objectContaining({ scope: 'global', ended_sessions: 1 }) });
    for (const r of mine) expect(r.actor?.id, r.action).toBe(member.userId);
  });

  it('records a sign-in by recovery link with its method, and a disabled account\'s ended sessions with the admin and the reason', async () => {
    const c = client(PHONE);
    expect((await c.auth.resetPasswordForEmail(member.email)).error).toBeNull();
    const link = await mailLinkTo(server, member.email);
    const opened = await fetch(link, { redirect: 'manual', headers: { 'user-agent': PHONE } });
    expect(new URLSearchParams(new URL(opened.headers.get('location')!).hash.slice(1)).get('type')).toBe('recovery');
    const [recovery] = (await orgLog(`&person=${member.userId}&kind=sign_in`)).filter((r) => r.method === 'recovery');
    expect(recovery).toMatchObject({ action: 'auth.sign_in', outcome: 'success', ip: '127.0.0.1', user_agent: PHONE });

    const sys = await signInSystemAdmin(fixtures);
    expect((await api('POST', `/api/admin/users/${member.userId}/disable`, sys.accessToken)).status).toBe(200);
    const [ended] = await orgLog('&kind=session_end');
    expect(ended).toMatchObject({ actor: { id: sys.userId }, person: { id: member.userId }, after: expect.objectContaining({ by: 'admin', reason: 'user_disabled' }) });
    // The admin log has the same rows (GET /api/admin/audit-log reads every organization's).
    const adminLog = await api('GET', '/api/admin/audit-log?q=auth.session_ended', sys.accessToken);
    expect(adminLog.body.items[0]).toMatchObject({ action: 'auth.session_ended', target_id: member.userId, organization_id: admin.organizationId });
  });

  it('does not tell whether an address has an account, and keeps unknown-address failures out of every organization and within a budget', async () => {
    const unknown = client(LAPTOP);
    const known = client(LAPTOP);
    const a = await unknown.auth.signInWithPassword({ email: 'nobody@acme.test', password: 'Wrong-password-123' });
    const b = await known.auth.signInWithPassword({ email: member.email, password: 'Wrong-password-123' });
    expect(a.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: b.error!.message });
    expect(b.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    for (let i = 0; i < 8; i++) await client(PHONE).auth.signInWithPassword({ email: `nobody${i}@acme.test`, password: 'x-Wrong-password-1' });
    await mailSettled(server);
    const outside = await server.built.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.sign_in_failed'), isNull(auditLog.organizationId)));
    // 5 an hour per client address (AUDIT_LIMITS.unknownPerClient): the other four are not written.
    expect(outside).toHaveLength(5);
    expect(JSON.parse(outside[0]!.after!)).toMatchObject({ reason: 'unknown_address', ip: '127.0.0.1' });
    expect((await orgLog()).filter((r) => r.reason === 'unknown_address')).toEqual([]);
  });

  it('lists the member\'s sessions with device, place and last use, and ends another one: its refresh and its access token stop working', async () => {
    const laptop = await signedIn(LAPTOP);
    const phone = await signedIn(PHONE);
    const listed = await api('GET', '/api/account/sessions', await tokenOf(laptop));
    expect(listed.status).toBe(200);
    const sessions = (listed.body as AccountSessionsResponse).sessions;
    const current = sessions.find((s) => s.current)!;
    const other = sessions.find((s) => s.device === 'Safari on iOS')!;
    expect(current).toMatchObject({ device: 'Chrome on Windows', ip: '127.0.0.1', place: 'This server (loopback)', method: 'password', aal: 'aal1' });
    expect(other).toMatchObject({ current: false, ip: '127.0.0.1', user_agent: PHONE });

    // Another member's session is not theirs to end (the same 404 as none), nor is the current one.
    const adminSessions = (await api('GET', '/api/account/sessions', admin.accessToken)).body as AccountSessionsResponse;
    expect((await api('DELETE', `/api/account/sessions/${adminSessions.sessions[0]!.id}`, await tokenOf(laptop))).status).toBe(404);
    expect((await api('DELETE', `/api/account/sessions/${current.id}`, await tokenOf(laptop))).status).toBe(400);
    expect((await api('DELETE', '/api/account/sessions/not-a-uuid', await tokenOf(laptop))).status).toBe(400);

    const phoneToken = await tokenOf(phone);
    const ended = await api('DELETE', `/api/account/sessions/${other.id}`, await tokenOf(laptop));
    expect(ended).toMatchObject({ status: 200, body: { ended: 1 } });
    expect((await api('GET', '/api/auth/profile', phoneToken)).status).toBe(401);
    expect((await phone.auth.refreshSession()).error).toMatchObject({ status: 400 });
    expect((await api('GET', '/api/auth/profile', await tokenOf(laptop))).status).toBe(200);

    const [row] = await orgLog('&kind=session_end');
    expect(row).toMatchObject({ action: 'auth.session_ended', reason: 'ended_from_session_list', actor: { id: member.userId }, after: expect.objectContaining({ by: 'user', session_id: other.id }) });

    // "Sign out everywhere else" ends the rest.
    await signedIn(PHONE);
    const rest = await api('DELETE', '/api/account/sessions', await tokenOf(laptop));
    expect(rest).toMatchObject({ status: 200, body: { ended: 2 } }); // the phone and the fixture's first session
    expect(((await api('GET', '/api/account/sessions', await tokenOf(laptop))).body as AccountSessionsResponse).sessions).toHaveLength(1);
  });

  it('ends a session idle past the organization\'s timeout, on the next API request and on refresh, audited once', async () => {
    expect((await api('PUT', '/api/organization/security', admin.accessToken, { sessionIdleMinutes: 15 })).status).toBe(200);
    const laptop = await signedIn(LAPTOP);
    const phone = await signedIn(PHONE);
    server.clock.advance(10 * 60_000);
    expect((await api('GET', '/api/auth/profile', await tokenOf(laptop))).status).toBe(200); // in use: last_active_at moves
    server.clock.advance(10 * 60_000);
    expect((await api('GET', '/api/auth/profile', await tokenOf(laptop))).status).toBe(200);
    // The phone was idle for 20 minutes.
    expect((await api('GET', '/api/auth/profile', await tokenOf(phone))).status).toBe(401);
    expect((await phone.auth.refreshSession()).error).toMatchObject({ status: 400 });
    server.clock.advance(16 * 60_000);
    expect((await laptop.auth.refreshSession()).error).toMatchObject({ status: 400, code: 'session_expired' });
    const ends = (await orgLog('&kind=session_end')).filter((r) => r.person?.id === member.userId);
    expect(ends.map((r) => [r.actor, r.after])).toEqual([
      [null, expect.objectContaining({ by: 'policy', reason: 'idle_timeout' })],
      [null, expect.objectContaining({ by: 'policy', reason: 'idle_timeout' })],
    ]);
  });

  it('ends a session older than the maximum age even while in use', async () => {
    expect((await api('PUT', '/api/organization/security', admin.accessToken, { sessionMaxHours: 1 })).status).toBe(200);
    const laptop = await signedIn(LAPTOP);
    server.clock.advance(40 * 60_000);
    expect((await laptop.auth.refreshSession()).error).toBeNull();
    server.clock.advance(21 * 60_000);
    expect((await api('GET', '/api/auth/profile', await tokenOf(laptop))).status).toBe(401);
    expect((await laptop.auth.refreshSession()).error).toMatchObject({ status: 400 });
    const [row] = await orgLog('&kind=session_end');
    expect(row).toMatchObject({ actor: null, person: { id: member.userId }, after: expect.objectContaining({ by: 'policy', reason: 'max_age' }) });
  });

  it('ends every session of a removed member at once (every instance reads the session row on each request), audited', async () => {
    const laptop = await signedIn(LAPTOP);
    const token = await tokenOf(laptop);
    expect((await api('DELETE', `/api/organization/members/${member.userId}`, admin.accessToken)).status).toBe(200);
    expect((await api('GET', '/api/auth/profile', token)).status).toBe(403); // access_removed: the SPA says why
    expect((await laptop.auth.refreshSession()).error).toMatchObject({ status: 400 });
    const [row] = await orgLog('&kind=session_end');
    expect(row).toMatchObject({ actor: { id: admin.userId }, person: { id: member.userId }, after: expect.objectContaining({ by: 'admin', reason: 'member_removed', ended_sessions: 2 }) });
  });
});
