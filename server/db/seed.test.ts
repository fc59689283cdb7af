// The first start's generated system-admin password: usable, kept out of the log, in a file only
// the server's OS user can read.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/lib/logger.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signInUser, signInWithSecondFactor } from '#tests/setup/auth.ts';
import { FIRST_ADMIN_PASSWORD_FILE } from './seed.ts';

describe('first system admin', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mvrsp-seed-'));
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes a generated password to an owner-only file, never to the log', async () => {
    const lines: string[] = [];
    const logger = createLogger('debug', (_lvl, line) => lines.push(line));
    server = await createTestServer('pglite', { ADMIN_EMAIL: 'first@seed.test', ADMIN_PASSWORD: '', DATA_DIR: dataDir }, { logger });
    const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = /Password: (\S+)/.exec(readFileSync(file, 'utf8'))?.[1];
    expect(password).toBeDefined();
    expect(lines.join('\n')).not.toContain(password!);
    expect(lines.join('\n')).toContain(file);
    const session = await signInUser(server, 'first@seed.test', password!);
    // A system admin always needs a second factor (ADR 040): the first sign-in is asked to enrol one.
    expect((await server.json('GET', '/api/auth/profile', undefined, session.accessToken)).body).toMatchObject({ code: 'mfa_required' });
    const aal2 = await signInWithSecondFactor(server, 'first@seed.test', password!);
    expect((await server.json('GET', '/api/auth/profile', undefined, aal2.accessToken)).body).toMatchObject({ role: 'system_admin' });
  });
});
