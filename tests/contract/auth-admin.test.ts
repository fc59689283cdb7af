// The provider's server-side admin API, key persistence across instances, and log hygiene.
import { beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedAuth, type EmbeddedAuth } from '#server/auth-provider/index.ts';
import { buildServer, type BuiltServer } from '#server/compose.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import type { Logger } from '#server/lib/logger.ts';
import { memoryMailer } from '#tests/setup/app.ts';
import { getTestDatabase, truncateAll } from '#tests/setup/db.ts';
import { TEST_ADMIN, TEST_DRIVER, testEnv } from '#tests/setup/test-env.ts';

function captureLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const put = (msg: string, fields?: Record<string, unknown>) => void lines.push(`${msg} ${JSON.stringify(fields ?? {})}`);
  return { lines, debug: put, info: put, warn: put, error: put };
}

describe.each([TEST_DRIVER])('embedded auth admin (%s)', (driver) => {
  let built: BuiltServer;
  let auth: EmbeddedAuth;
  let logger: ReturnType<typeof captureLogger>;
  const mailer = memoryMailer();

  beforeEach(async () => {
    const database = await getTestDatabase(driver);
    await truncateAll(database);
    logger = captureLogger();
    built = await buildServer(testEnv({ LOG_LEVEL: 'debug' }), { database, mailer, logger });
    auth = await createEmbeddedAuth({ db: database.db, env: built.deps.env, mailer, logger, now: () => new Date(), budgets: built.deps.budgets });
  });

  const post = (path: string, body: unknown) =>
    built.app.request(`/auth/v1${path}`, {
      method: 'POST',
      headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signIn = async (email: string, password: string) => {
    const res = await post('/token?grant_type=password', { email, password });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('seeds the first admin through ensureUser, idempotently', async () => {
    const existing = await auth.admin.ensureUser({ email: TEST_ADMIN.email.toUpperCase(), password: 'Whatever-123', userMetadata: {} });
    expect(existing.created).toBe(false);
    expect((await signIn(TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200);
    const fresh = await auth.admin.ensureUser({ email: 'New@Example.com', password: 'Some-password-1', userMetadata: { a: 1 } });
    expect(fresh.created).toBe(true);
    expect(await auth.admin.getUserByEmail('new@example.com')).toMatchObject({ id: fresh.id, user_metadata: { a: 1 } });
  });

  it('createUser creates a confirmed user and refuses an existing e-mail or a weak password', async () => {
    const user = await auth.admin.createUser({ email: 'invitee@example.com', password: 'Invited-pass-1', userMetadata: { firstName: 'I' } });
    expect(user).toMatchObject({ email: 'invitee@example.com', user_metadata: { firstName: 'I' } });
    expect(user.email_confirmed_at).toBeTruthy();
    expect((await signIn('invitee@example.com', 'Invited-pass-1')).status).toBe(200);
    await expect(auth.admin.createUser({ email: 'INVITEE@example.com', password: 'Other-pass-12', userMetadata: {} })).rejects.toMatchObject({
      code: 'user_already_exists',
    });
    await expect(auth.admin.createUser({ email: 'weak@example.com', password: 'short', userMetadata: {} })).rejects.toMatchObject({
      code: 'weak_password',
    });
  });

  it('banUser blocks sign-in, refresh and existing tokens until lifted', async () => {
    const user = await auth.admin.createUser({ email: 'ban@example.com', password: 'Banned-pass-1', userMetadata: {} });
    const session = (await signIn('ban@example.com', 'Banned-pass-1')).body;
    await auth.admin.banUser(user.id, new Date(Date.now() + 3600_000));
    await expect(built.deps.tokens.verify(session.access_token)).rejects.toMatchObject({ status: 401 });
    expect(await signIn('ban@example.com', 'Banned-pass-1')).toMatchObject({ status: 400, body: { code: 'user_banned' } });
    expect((await post('/token?grant_type=refresh_token', { refresh_token: session.refresh_token })).status).toBe(400);
    expect(await auth.admin.getUserById(user.id)).toHaveProperty('banned_until');

    await auth.admin.banUser(user.id, null);
    expect(await auth.admin.getUserById(user.id)).not.toHaveProperty('banned_until');
    expect((await signIn('ban@example.com', 'Banned-pass-1')).status).toBe(200);
  });

  it('signOutUser ends every session; deleteUser removes the account', async () => {
    const user = await auth.admin.createUser({ email: 'gone@example.com', password: 'Gone-pass-123', userMetadata: {} });
    const a = (await signIn('gone@example.com', 'Gone-pass-123')).body;
    const b = (await signIn('gone@example.com', 'Gone-pass-123')).body;
    await auth.admin.signOutUser(user.id);
    for (const s of [a, b]) {
      await expect(built.deps.tokens.verify(s.access_token)).rejects.toMatchObject({ status: 401 });
      const refreshed = await post('/token?grant_type=refresh_token', { refresh_token: s.refresh_token });
      expect(await refreshed.json()).toMatchObject({ code: 'refresh_token_not_found' });
    }
    const c = (await signIn('gone@example.com', 'Gone-pass-123')).body;
    await auth.admin.deleteUser(user.id);
    await expect(built.deps.tokens.verify(c.access_token)).rejects.toMatchObject({ status: 401 });
    expect(await signIn('gone@example.com', 'Gone-pass-123')).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    expect(await auth.admin.getUserById(user.id)).toBeNull();
  });

  it('every instance on one database shares the signing key', async () => {
    const user = await auth.admin.createUser({ email: 'shared@example.com', password: 'Shared-pass-1', userMetadata: {} });
    const session = (await signIn('shared@example.com', 'Shared-pass-1')).body;
    // Token issued by the app's provider, verified by the second instance.
    await expect(auth.verifier.verify(session.access_token)).resolves.toMatchObject({ id: user.id });
    const keysOf = async (res: Response | Promise<Response>) => ((await (await res).json()) as { keys: unknown[] }).keys;
    const mine = await keysOf(auth.routes.request('/.well-known/jwks.json'));
    expect(mine).toHaveLength(1);
    expect(mine).toEqual(await keysOf(built.app.request('/auth/v1/.well-known/jwks.json')));
  });

  it('never writes passwords or tokens to the log', async () => {
    await auth.admin.createUser({ email: 'quiet@example.com', password: 'Quiet-pass-123', userMetadata: {} });
    const session = (await signIn('quiet@example.com', 'Quiet-pass-123')).body;
    await signIn('quiet@example.com', 'Wrong-pass-1234');
    const refreshed = await post('/token?grant_type=refresh_token', { refresh_token: session.refresh_token });
    await post('/token?grant_type=refresh_token', { refresh_token: 'bogus-token-value' });
    await post('/recover', { email: 'quiet@example.com' });
    await (built.deps.authAdmin as EmbeddedAuth['admin']).idle(); // the mail is sent after the answer
    const link = mailer.sent.at(-1)!.links![0]!;
    const token = new URL(link).searchParams.get('token')!;
    await built.app.request(link.replace(/^https?:\/\/[^/]+/, ''));
    const log = logger.lines.join('\n');
    const secrets = [
      TEST_ADMIN.password,
      'Quiet-pass-123',
      'Wrong-pass-1234',
      session.access_token,
      session.refresh_token,
      ((await refreshed.json()) as any).refresh_token,
      'bogus-token-value',
      token,
    ];
    for (const s of secrets) expect(log).not.toContain(s);
  });
});
