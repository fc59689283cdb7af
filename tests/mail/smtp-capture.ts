// A real SMTP server on 127.0.0.1 (random port) that keeps every message it receives.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import type { DriverName } from '#tests/setup/test-env.ts';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header value, unfolded. */
export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The message with quoted-printable soft breaks and escapes decoded (good enough to find text and links). */
export function decodedBody(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The real app with its SMTP mailer pointed at a fresh capture server; `close` stops both. */
async function startAppWithSmtp(driver: DriverName): Promise<{ smtp: SmtpCapture; server: TestServer; close: () => Promise<void> }> {
  const smtp = await startSmtpCapture();
  const server = await createTestServer(driver, {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'MVRSP Assess <no-reply@mvrsp.test>',
    // Sign-up confirmation is covered with the in-memory mailer; these tests need signed-up users at once.
    AUTH_AUTOCONFIRM: 'true',
  });
  if (server.deps.mailer.kind !== 'smtp') throw new Error(`expected the SMTP mailer, got ${server.deps.mailer.kind}`);
  return {
    smtp,
    server,
    close: async () => {
      await server.close();
      await smtp.close();
    },
  };
}

/**
 * For a describe block: starts the app and its capture server before the tests and stops both
 * after. Read `smtp` and `server` inside tests (they exist once beforeAll has run).
 */
export function useAppWithSmtp(driver: DriverName): { readonly smtp: SmtpCapture; readonly server: TestServer } {
  let started: Awaited<ReturnType<typeof startAppWithSmtp>> | undefined;
  beforeAll(async () => {
    started = await startAppWithSmtp(driver);
  });
  afterAll(async () => {
    await started?.close();
  });
  const get = () => {
    if (!started) throw new Error('the SMTP test app is not started yet (use it inside a test)');
    return started;
  };
  return {
    get smtp() {
      return get().smtp;
    },
    get server() {
      return get().server;
    },
  };
}
