// Auth hardening beyond tests/contract/**: identities that stop being valid are refused by /api
// itself; the password rules hold on every path that sets a password; recovery tokens are
// single-use across both verify paths and expire; recover's redirect allow-list end to end;
// a revoked refresh family also locks the /api out.
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { authOneTimeTokens } from '#server/db/schema/index.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flipS, isLowS } from '#server/auth-provider/auth.keys.ts';
import type { EmbeddedAuthAdmin } from '#server/auth-provider/index.ts';
import { createOrgAdmin, inviteTokenFor, joinOrganization, removeMember, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { buildServer } from '#server/compose.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { createTestServer, memoryMailer, type TestServer } from '#tests/setup/app.ts';
import { getTestDatabase } from '#tests/setup/db.ts';
import { lastMailLink, signInUser, signUpUser } from '#tests/setup/auth.ts';
import { DB_DRIVERS, testEnv, type DriverName } from '#tests/setup/test-env.ts';

type ClockedServer = TestServer & { advance(ms: number): void };

/** createTestServer with a clock the test moves (token expiry, refresh reuse window, mail limits). */
async function clockedServer(driver: DriverName): Promise<ClockedServer> {
  let offset = 0;
  const server = await createTestServer(driver, {}, { now: () => new Date(Date.now() + offset) });
  return { ...server, advance: (ms) => void (offset += ms) };
}

/** Member routes a signed-in, active member can read. */
const PROBES = ['/api/auth/profile', '/api/assessments', '/api/organization/members', '/api/questions', '/api/domains'];

describe.each(DB_DRIVERS)('auth hardening (%s)', (driver) => {
  let server: ClockedServer;
  let admin: Member;

  beforeEach(async () => {
    server = await clockedServer(driver);
    admin = await createOrgAdmin(server);
  }, 60_000);
  afterEach(async () => server?.close());

  const expectRefused = async (token: string, who: string, statuses = [401]) => {
    for (const p of PROBES) {
      const res = await server.json('GET', p, undefined, token);
      expect(statuses, `${who} ${p} → ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      expect(typeof res.body?.error, `${who} ${p}: readable error`).toBe('string');
    }
  };
  const expectAllowed = async (token: string, who: string) => {
    for (const p of PROBES) expect((await server.json('GET', p, undefined, token)).status, `${who} ${p}`).toBe(200);
  };
  const provider = () => server.deps.authAdmin as EmbeddedAuthAdmin;
  const authPost = (path: string, body: unknown, token?: string) => server.json('POST', `/auth/v1${path}`, body, token);

  describe('access token signatures', () => {
    it('a high-S twin of a valid ES256 signature (s -> n - s) is refused by /auth/v1/user and by /api', async () => {
      expect(isLowS(admin.accessToken)).toBe(true);
      const twin = flipS(admin.accessToken);
      expect(twin).not.toBe(admin.accessToken);
      // The twin is still a valid ECDSA signature for WebCrypto/jose: only our own check refuses it.
      const jwks = createLocalJWKSet((await server.json('GET', '/auth/v1/.well-known/jwks.json')).body);
      await expect(jwtVerify(twin, jwks, { algorithms: ['ES256'] })).resolves.toBeTruthy();
      const user = await server.json('GET', '/auth/v1/user', undefined, twin);
      expect(user.status).toBe(403);
      expect(user.body.code).toBe('bad_jwt');
      await expectRefused(twin, 'high-S twin');
      await expectAllowed(admin.accessToken, 'original');
    });

    it('every token the provider signs is low-S', async () => {
      let refresh = admin.refreshToken;
      for (let i = 0; i < 24; i++) {
        const res = await authPost('/token?grant_type=refresh_token', { refresh_token: refresh });
        expect(res.status).toBe(200);
        expect(isLowS(res.body.access_token)).toBe(true);
        refresh = res.body.refresh_token;
      }
    });
  });

  describe('identities that stop being valid are refused by /api', () => {
    it('a disabled user: existing token, refresh and sign-in all refused until re-enabled', async () => {
      const member = await joinOrganization(server, admin.organizationId!);
      await expectAllowed(member.accessToken, 'active member');
      const sys = await signInSystemAdmin(server);
      expect((await server.json('POST', `/api/admin/users/${member.userId}/disable`, undefined, sys.accessToken)).status).toBe(200);

      await expectRefused(member.accessToken, 'disabled (old token)', [401, 403]);
      const refreshed = await authPost('/token?grant_type=refresh_token', { refresh_token: member.refreshToken });
      expect(refreshed.status).toBeGreaterThanOrEqual(400);
      expect(refreshed.body.access_token).toBeUndefined();
      const signIn = await authPost('/token?grant_type=password', { email: member.email, password: member.password });
      expect(signIn).toMatchObject({ status: 400, body: { code: 'user_banned' } });

      expect((await server.json('POST', `/api/admin/users/${member.userId}/enable`, undefined, sys.accessToken)).status).toBe(200);
      const back = await signInUser(server, member.email, member.password);
      await expectAllowed(back.accessToken, 're-enabled member');
    });

    it('a deleted auth account: its unexpired token is refused at once', async () => {
      const member = await joinOrganization(server, admin.organizationId!);
      await expectAllowed(member.accessToken, 'active member');
      await provider().deleteUser(member.userId);
      await expectRefused(member.accessToken, 'deleted');
      const refreshed = await authPost('/token?grant_type=refresh_token', { refresh_token: member.refreshToken });
      expect(refreshed.status).toBe(400);
    });

    it('a banned auth account (provider ban, not via the admin UI) is refused by /api', async () => {
      const member = await joinOrganization(server, admin.organizationId!);
      await provider().banUser(member.userId, new Date(Date.now() + 3_600_000));
      await expectRefused(member.accessToken, 'banned');
    });

    it('a removed member: neither the old token nor a refreshed or new one reaches organization data', async () => {
      const member = await joinOrganization(server, admin.organizationId!);
      await removeMember(server, admin, member.userId);
      // Removal ends the member's sessions: the old token and its refresh token are dead...
      await expectRefused(member.accessToken, 'removed (old token)', [403]); // the session ended; the server says why
      const refreshed = await authPost('/token?grant_type=refresh_token', { refresh_token: member.refreshToken });
      expect(refreshed).toMatchObject({ status: 400, body: { code: 'refresh_token_not_found' } });
      // ...and the auth account may still sign in, but reaches no organization data.
      const again = await signInUser(server, member.email, member.password);
      await expectRefused(again.accessToken, 'removed (new sign-in)', [403]);
    });

    it('a session whose refresh family was revoked for reuse is refused by /api', async () => {
      const user = await signUpUser(server);
      const second = await authPost('/token?grant_type=refresh_token', { refresh_token: user.refreshToken });
      const third = await authPost('/token?grant_type=refresh_token', { refresh_token: second.body.refresh_token });
      expect(third.status).toBe(200);
      server.advance(11_000);
      const reuse = await authPost('/token?grant_type=refresh_token', { refresh_token: user.refreshToken });
      expect(reuse).toMatchObject({ status: 400, body: { code: 'refresh_token_already_used' } });
      const profile = await server.json('GET', '/api/auth/profile', undefined, third.body.access_token);
      expect(profile.status).toBe(401);
      expect(profile.body.error).toEqual(expect.any(String));
    });
  });

  describe('password rules on every path that sets a password', () => {
    const BAD = ['', 'short', '1234567', 'x'.repeat(73), 'y'.repeat(5_000)];
    const GOOD_MIN = 'Abcdef1!';
    const GOOD_MAX = 'Z'.repeat(72);

    it('sign-up (/auth/v1/signup) refuses every bad password and creates no account', async () => {
      for (const [i, password] of BAD.entries()) {
        const email = `weak-${i}@example.org`;
        const res = await authPost('/signup', { email, password });
        expect([400, 422], `signup with ${password.length} chars`).toContain(res.status);
        expect(['weak_password', 'validation_failed']).toContain(res.body.code);
        expect(res.body.msg ?? res.body.message).toEqual(expect.any(String));
        const signIn = await authPost('/token?grant_type=password', { email, password: GOOD_MIN });
        expect(signIn.body.code, 'no account was created').toBe('invalid_credentials');
      }
      for (const [i, password] of [GOOD_MIN, GOOD_MAX].entries()) {
        expect((await authPost('/signup', { email: `ok-${i}@example.org`, password })).status, `${password.length} chars`).toBe(200);
      }
    });

    it('PUT /auth/v1/user (signed in, and in a recovery session) refuses every bad password and keeps the old one', async () => {
      const user = await signUpUser(server);
      await authPost('/recover', { email: user.email });
      const token = new URL(await lastMailLink(server, user.email)).searchParams.get('token')!;
      const recovery = await authPost('/verify', { type: 'recovery', token_hash: token });
      expect(recovery.status).toBe(200);
      for (const [who, access] of [
        ['signed in', user.accessToken],
        ['recovery', recovery.body.access_token as string],
      ] as const) {
        for (const password of BAD) {
          const res = await server.json('PUT', '/auth/v1/user', { password }, access);
          expect([400, 422], `${who}: ${password.length} chars → ${res.status}`).toContain(res.status);
          expect(['weak_password', 'validation_failed']).toContain(res.body.code);
        }
      }
      expect((await authPost('/token?grant_type=password', { email: user.email, password: user.password })).status, 'old password kept').toBe(200);
      const ok = await server.json('PUT', '/auth/v1/user', { password: GOOD_MAX }, recovery.body.access_token);
      expect(ok.status).toBe(200);
    });

    it('accepting an invitation (/api/auth/accept-invite) refuses every bad password and keeps the invitation', async () => {
      const email = 'pw-invitee@example.org';
      expect((await server.json('POST', '/api/auth/invite', { email, organizationId: admin.organizationId }, admin.accessToken)).status).toBe(201);
      const token = inviteTokenFor(server, email);
      for (const password of [...BAD, 42, ['Valid-password-1'], { length: 10 }, null]) {
        const res = await server.json('POST', '/api/auth/accept-invite', { token, firstName: 'Iris', lastName: 'Invitee', password });
        expect(res.status, `password ${JSON.stringify(password)?.slice(0, 20)} → ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.error).toEqual(expect.any(String));
      }
      expect((await server.json('GET', `/api/auth/validate-invite?token=${token}`)).status, 'invitation still usable').toBe(200);
      expect((await authPost('/token?grant_type=password', { email, password: GOOD_MIN })).body.code, 'no account').toBe('invalid_credentials');
      const ok = await server.json('POST', '/api/auth/accept-invite', { token, firstName: 'Iris', lastName: 'Invitee', password: GOOD_MAX });
      expect(ok.status).toBe(201);
    });
  });

  describe('recovery tokens', () => {
    const requestLink = async (email: string, redirectTo?: string) => {
      const q = redirectTo === undefined ? '' : `?redirect_to=${encodeURIComponent(redirectTo)}`;
      expect((await authPost(`/recover${q}`, { email })).status).toBe(200);
      return lastMailLink(server, email);
    };
    const follow = (link: string) => server.app.request(link.replace(/^https?:\/\/[^/]+/, ''), { redirect: 'manual' });

    it('recover answers before any link is written or mailed, so known and unknown addresses answer alike', async () => {
      const user = await signUpUser(server);
      const mailsBefore = server.mail.length;
      const known = await authPost('/recover', { email: user.email });
      // Answered: but no recovery token row and no mail yet; both happen after the answer.
      const tokensAtAnswer = await server.deps.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.type, 'recovery'));
      const mailsAtAnswer = server.mail.length;
      const unknown = await authPost('/recover', { email: 'nobody-here@example.org' });
      expect(known).toMatchObject({ status: 200, body: {} });
      expect(unknown).toMatchObject({ status: 200, body: {} });
      expect(tokensAtAnswer).toHaveLength(0);
      expect(mailsAtAnswer).toBe(mailsBefore);
      await provider().idle();
      expect(await server.deps.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.type, 'recovery'))).toHaveLength(1);
      expect(server.mail.slice(mailsBefore).map((m) => m.to)).toEqual([user.email]);
    });

    it('space /recover and /resend alike for known and unknown addresses, on every instance', async () => {
      const user = await signUpUser(server);
      const second = await buildServer(testEnv(), { database: await getTestDatabase(driver), mailer: memoryMailer() });
      const onSecond = (path: string, body: unknown) =>
        second.app.request(`/auth/v1${path}`, { method: 'POST', headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      for (const email of [user.email, 'nobody-spaced@example.org']) {
        expect((await authPost('/recover', { email })).status, email).toBe(200);
        expect((await authPost('/recover', { email })).body.code, email).toBe('over_email_send_rate_limit');
        // Another server instance (its own memory) answers the same: the spacing lives in the database.
        expect((await onSecond('/recover', { email })).status, `${email} on a second instance`).toBe(429);
      }
      expect((await authPost('/resend', { type: 'signup', email: 'nobody-spaced@example.org' })).status).toBe(200);
      expect((await onSecond('/resend', { type: 'signup', email: 'nobody-spaced@example.org' })).status).toBe(429);
      await provider().idle();
    });

    it('are single-use across both verify paths (POST token_hash, then the GET link)', async () => {
      const user = await signUpUser(server);
      const link = await requestLink(user.email);
      const token = new URL(link).searchParams.get('token')!;
      expect((await authPost('/verify', { type: 'recovery', token_hash: token })).status).toBe(200);
      const viaLink = await follow(link);
      expect(viaLink.status).toBe(303);
      expect(viaLink.headers.get('location')).toContain('error_code=otp_expired');
      expect(viaLink.headers.get('location')).not.toContain('access_token');
      expect(await authPost('/verify', { type: 'recovery', token_hash: token })).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
    });

    it('expire after an hour on the POST path too, and cannot be used as another type', async () => {
      const user = await signUpUser(server);
      const token = new URL(await requestLink(user.email)).searchParams.get('token')!;
      const wrongType = await authPost('/verify', { type: 'signup', token_hash: token, password: user.password });
      expect(wrongType.status).toBeGreaterThanOrEqual(400);
      expect(wrongType.status).toBeLessThan(500);
      server.advance(61 * 60_000);
      expect(await authPost('/verify', { type: 'recovery', token_hash: token })).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
    });

    it('only ever redirect to the app origin, whatever redirect_to says', async () => {
      const user = await signUpUser(server);
      const appOrigin = new URL(server.deps.env.APP_URL).origin;
      const hostile = [
        'https://evil.example/steal',
        '//evil.example/steal',
        `${appOrigin}.evil.example/`,
        `${appOrigin.replace('//', '//user@')}@evil.example/`,
        'http://localhost:4000/',
        'javascript:alert(document.cookie)',
        '/\\evil.example',
        'http:evil.example',
        `${appOrigin.replace('http:', 'https:')}/reset-password`,
      ];
      for (const redirectTo of hostile) {
        server.advance(61_000); // one recovery mail per address per minute
        const link = await requestLink(user.email, redirectTo);
        expect(new URL(new URL(link).searchParams.get('redirect_to')!).origin, `mailed for ${redirectTo}`).toBe(appOrigin);
        const tampered = new URL(link);
        tampered.searchParams.set('redirect_to', redirectTo);
        const res = await follow(tampered.toString());
        expect(res.status).toBe(303);
        expect(new URL(res.headers.get('location')!).origin, `followed with ${redirectTo}`).toBe(appOrigin);
      }
      server.advance(61_000);
      const allowed = await requestLink(user.email, `${appOrigin}/reset-password`);
      expect(new URL(allowed).searchParams.get('redirect_to')).toBe(`${appOrigin}/reset-password`);
    });

    it('a sign-up confirmation link lands only on the app origin\'s /confirm-email, the token only in the fragment, and uses nothing', async () => {
      const appOrigin = new URL(server.deps.env.APP_URL).origin;
      const email = 'confirm-hardening@example.org';
      expect((await authPost('/signup', { email, password: 'Signup-password-1', data: {} })).status).toBe(200);
      const link = await lastMailLink(server, email);
      const token = new URL(link).searchParams.get('token')!;
      for (const redirectTo of ['https://evil.example/steal', '//evil.example/x', `${appOrigin}/dashboard`]) {
        const tampered = new URL(link);
        tampered.searchParams.set('redirect_to', redirectTo);
        const res = await follow(tampered.toString());
        expect(res.status).toBe(303);
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        const location = new URL(res.headers.get('location')!);
        expect(`${location.origin}${location.pathname}${location.search}`, redirectTo).toBe(`${appOrigin}/confirm-email`);
        const hash = new URLSearchParams(location.hash.slice(1));
        expect(hash.get('token_hash')).toBe(token);
        expect(new URL(hash.get('redirect_to')!).origin).toBe(appOrigin);
        expect(hash.get('access_token')).toBeNull();
      }
      // Following it (three times) confirmed nothing: the password grant still says so, the link still works once.
      expect((await authPost('/token?grant_type=password', { email, password: 'Signup-password-1' })).body.code).toBe('email_not_confirmed');
      expect((await authPost('/verify', { type: 'signup', token_hash: token, password: 'Signup-password-1' })).status).toBe(200);
      expect((await authPost('/verify', { type: 'signup', token_hash: token, password: 'Signup-password-1' })).status).toBe(403);
    });
  });
});
