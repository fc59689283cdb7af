// No secrets in logs: a statement that fails carries its parameters (metadata, names, password
// hashes) in drizzle's error message and stack; errorForLog (server/lib/logger.ts) keeps the
// message, SQLSTATE and frames and drops the parameters, on the API's and the auth provider's path.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, errorForLog } from '#server/lib/logger.ts';
import { createOrgAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { type TestUser } from '#tests/setup/auth.ts';
import { makeUser } from '#tests/setup/factories.ts';

const TRIGGERED = ['auth_users', 'organizations'] as const;

describe('errors in logs', () => {
  const lines: string[] = [];
  let server: TestServer;
  let admin: Member;
  let user: TestUser;
  beforeAll(async () => {
    server = await createTestServer('pglite', {}, { logger: createLogger('debug', (_lvl, line) => lines.push(line)) });
    admin = await createOrgAdmin(server);
    user = await makeUser(server); // made before the triggers (which refuse updates of auth_users)
    // A real failing statement: PostgreSQL refuses every update of these tables until afterAll.
    await server.deps.db.execute(sql.raw(`CREATE OR REPLACE FUNCTION robust_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by test trigger'; END $$`));
    for (const t of TRIGGERED) await server.deps.db.execute(sql.raw(`CREATE TRIGGER robust_refuse BEFORE UPDATE ON ${t} FOR EACH ROW EXECUTE FUNCTION robust_refuse()`));
  });
  afterAll(async () => {
    for (const t of TRIGGERED) await server.deps.db.execute(sql.raw(`DROP TRIGGER IF EXISTS robust_refuse ON ${t}`));
    await server.deps.db.execute(sql.raw('DROP FUNCTION IF EXISTS robust_refuse()'));
  });

  it('the auth provider logs a failed statement without its parameters', async () => {
    lines.length = 0;
    const res = await server.json('PUT', '/auth/v1/user', { data: { note: 'SECRET-META-7f3a' } }, user.accessToken);
    expect(res.status).toBe(500);
    const log = lines.join('\n');
    expect(log).toContain('auth provider error');
    expect(log).toContain('Failed query: update \\"auth_users\\"');
    expect(log).toContain('refused by test trigger');
    expect(log).not.toContain('SECRET-META-7f3a');
    expect(log).not.toContain('params:');
  });

  it('the API logs a failed statement without its parameters', async () => {
    lines.length = 0;
    const res = await server.json('PUT', '/api/organization/update', { name: 'SECRET-ORG-91c2' }, admin.accessToken);
    expect(res.status).toBe(500);
    const log = lines.join('\n');
    expect(log).toContain('unhandled error');
    expect(log).toContain('Failed query: update \\"organizations\\"');
    expect(log).not.toContain('SECRET-ORG-91c2');
    expect(log).not.toContain('params:');
  });

  it('errorForLog keeps name, message, code, frames and causes', () => {
    const cause = Object.assign(new Error('duplicate key value'), { code: '23505', detail: 'Key (email)=(x@example.org) already exists.', parameters: ['hash-secret'] });
    const err = new Error('Failed query: insert into t values ($1)\nparams: hash-secret', { cause });
    const out = errorForLog(err);
    expect(out).toMatch(/^Error: Failed query: insert into t values \(\$1\)\n\s+at /);
    expect(out).toContain('Caused by: Error: duplicate key value [23505]');
    expect(out).not.toContain('hash-secret');
    expect(out).not.toContain('x@example.org');
    expect(errorForLog('plain')).toBe('plain');
  });
});
