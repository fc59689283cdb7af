// Data written by one server survives a restart on the same DATA_DIR (embedded PGlite on disk).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '#server/compose.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { memoryMailer } from '#tests/setup/app.ts';
import { testEnv } from '#tests/setup/test-env.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'mvrsp-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start() {
  // About persistence, not e-mail confirmation: sign-up returns a session at once.
  return buildServer(testEnv({ DATA_DIR: dataDir, AUTH_AUTOCONFIRM: 'true' }), { mailer: memoryMailer() });
}

async function call(app: Awaited<ReturnType<typeof start>>['app'], method: string, url: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await app.request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

describe('restart on the same DATA_DIR', () => {
  it('keeps users, organizations and the signing key', async () => {
    const first = await start();
    expect(first.deps.dbKind).toBe('pglite');
    const email = 'persist@restart.example';
    const signUp = await call(first.app, 'POST', '/auth/v1/signup', { email, password: 'a-long-password-1', data: {} });
    expect(signUp.status).toBe(200);
    const created = await call(
      first.app,
      'POST',
      '/api/auth/signup',
      { supabaseUserId: signUp.body.user.id, email, firstName: 'Pat', lastName: 'Persist', organizationName: 'Durable Research', contactName: '', contactEmail: '', contactPhone: '' },
      signUp.body.access_token,
    );
    expect(created.status).toBe(201);
    const oldToken = signUp.body.access_token as string;
    await first.close();

    const second = await start();
    try {
      // A token issued before the restart still verifies: the signing key was persisted.
      const profile = await call(second.app, 'GET', '/api/auth/profile', undefined, oldToken);
      expect(profile.status).toBe(200);
      expect(profile.body.organization.name).toBe('Durable Research');
      const signIn = await call(second.app, 'POST', '/auth/v1/token?grant_type=password', { email, password: 'a-long-password-1' });
      expect(signIn.status).toBe(200);
      // Seeding is idempotent: still exactly one question bank version from code.
      const questions = await call(second.app, 'GET', '/api/questions', undefined, signIn.body.access_token);
      expect(questions.status).toBe(200);
      expect(questions.body.reduce((sum: number, q: { points: number }) => sum + q.points, 0)).toBe(140);
    } finally {
      await second.close();
    }
  });
});
