// Outbox mode (no SMTP_URL): mail is written to DATA_DIR/outbox/*.eml and the log names the file,
// recipient and subject; the invitation and recovery links (live tokens) are only in the file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/lib/logger.ts';
import { createMailer } from '#server/lib/mailer.ts';
import { createOrgAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { apiClient } from '#tests/setup/api-client.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { decodedBody } from './smtp-capture.ts';

describe('outbox mail', () => {
  const lines: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mvrsp-outbox-'));
  let server: TestServer;
  let admin: Member;
  beforeAll(async () => {
    const logger = createLogger('debug', (_lvl, line) => lines.push(line));
    // Accounts are confirmed at sign-up here (the test reads its mail from files, not from memory).
    server = await createTestServer('pglite', { AUTH_AUTOCONFIRM: 'true' }, { logger, mailer: createMailer({ from: 'MVRSP Assess <no-reply@mvrsp.test>', dataDir, logger }) });
    admin = await createOrgAdmin(server);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The last "mail to" log line and the .eml file it names. */
  function lastMail(to: string) {
    const line = lines.filter((l) => l.includes(`"msg":"mail to ${to}:`)).at(-1);
    expect(line, `no mail log line for ${to}`).toBeDefined();
    const file = (JSON.parse(line!.slice(line!.indexOf('{'))) as { file: string }).file;
    expect(path.dirname(file)).toBe(path.join(dataDir, 'outbox'));
    return { line: line!, eml: decodedBody(readFileSync(file, 'utf8')) };
  }

  it('logs where an invitation went, never its link', async () => {
    const res = await apiClient(server, admin.accessToken).auth.invite.$post({ json: { email: 'outbox-invitee@example.org', organizationId: admin.organizationId! } });
    expect(res.status).toBe(201);
    const { line, eml } = lastMail('outbox-invitee@example.org');
    expect(line).toContain('invited you to join');
    const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(eml)?.[1];
    expect(token).toBeDefined();
    expect(lines.join('\n')).not.toContain(token!);
    expect(lines.join('\n')).not.toContain('/invite/');
  });

  it('logs where a password reset went, never its link', async () => {
    const res = await server.json('POST', '/auth/v1/recover', { email: admin.email });
    expect(res.status).toBe(200);
    await (server.deps.authAdmin as { idle?: () => Promise<void> } | undefined)?.idle?.(); // the provider mails after answering (same timing for unknown addresses)
    const { line, eml } = lastMail(admin.email);
    expect(line).toContain('Reset your MVRSP Assess password');
    const token = /[?&]token=([A-Za-z0-9_-]{20,})/.exec(eml)?.[1];
    expect(token, eml.slice(0, 2000)).toBeDefined();
    expect(lines.join('\n')).not.toContain(token!);
    expect(lines.join('\n')).not.toContain('/auth/v1/verify');
  });
});
