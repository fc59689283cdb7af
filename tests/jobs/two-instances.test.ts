// Exactly once with several server instances (ADR 019): two apps, each with its own postgres.js
// connection pool, on ONE PostgreSQL database, run the scheduler concurrently again and again. Each
// due job runs on one instance per period, each reminder is queued once, and each e-mail reaches
// the SMTP server once. PostgreSQL is required (CI always has it): without TEST_DATABASE_URL the
// test fails and says so.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type BuiltServer } from '#server/compose.ts';
import { certifications, correctiveActions, evidenceFiles, notifications, organizations, assessmentQuestions } from '#server/db/schema/index.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { dispatchNotifications, JOBS, runDueJobs, type JobDef, type JobRun } from '#server/features/jobs/index.ts';
import { enqueueNotification } from '#server/lib/notifications.ts';
import { SECTION_117_PROFILE, submitAssessmentFor } from '#server/features/jobs/jobs.test-helpers.ts';
import type { TestServer } from '#tests/setup/app.ts';
import { createOrgAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { header, startSmtpCapture, type SmtpCapture } from '#tests/mail/smtp-capture.ts';
import { TEST_DATABASE_URL, testEnv, WORKER_ID } from '#tests/setup/test-env.ts';

const HOUR = 3_600_000;

/** A fresh PostgreSQL database for this file only (the shared per-worker one is truncated by other tests). */
async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('tests/jobs/two-instances.test.ts needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  const name = `mvrsp_jobs_${process.pid}_w${WORKER_ID}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
  };
}

/** A header decoded from RFC 2047 Q encoding (nodemailer encodes a subject with quotes that way). */
const decodeHeader = (v: string | undefined) =>
  (v ?? '')
    .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, q: string) => Buffer.from(q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'));

/** The fixtures' view of a built app (its own mail goes to the SMTP capture, not to memory). */
function asTestServer(built: BuiltServer): TestServer {
  const json: TestServer['json'] = async (method, path, body, token) => {
    const headers: Record<string, string> = { apikey: EMBEDDED_ANON_KEY };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await built.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, headers: res.headers };
  };
  return { ...built, mail: [], json };
}

describe('scheduler on two instances sharing one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let smtp: SmtpCapture;
  let a: BuiltServer;
  let b: BuiltServer;
  const admins: Member[] = [];
  let cycleAdmin: Member;

  beforeAll(async () => {
    db = await createDatabase();
    smtp = await startSmtpCapture();
    const env = testEnv({ DATABASE_URL: db.url, SMTP_URL: smtp.url, MAIL_FROM: 'MVRSP Assess <no-reply@mvrsp.test>', AUTH_AUTOCONFIRM: 'true' });
    a = await buildServer(env);
    b = await buildServer(env);
    expect(a.database.kind).toBe('postgres');
    expect(a.database).not.toBe(b.database);

    // Three colleges with the HEA §117 dates, and one organization with a submitted assessment, an
    // owned corrective action, an expiring file and a certification (made through instance A).
    const server = asTestServer(a);
    for (const name of ['Alpha College', 'Beta College', 'Gamma College']) admins.push(await createOrgAdmin(server, { organizationName: name, applicability: SECTION_117_PROFILE }));
    cycleAdmin = await createOrgAdmin(server, { organizationName: 'Cycle Lab' });
    const assessmentId = await submitAssessmentFor(server, cycleAdmin, (code) => code === 'PP-23');
    await a.deps.db.update(correctiveActions).set({ ownerId: cycleAdmin.userId, targetDate: new Date('2026-12-25T12:00:00Z') }).where(eq(correctiveActions.assessmentId, assessmentId));
    // Paid: action reminders go only to organizations whose action plan is released (ADR 012).
    await a.deps.db.update(organizations).set({ paidUntil: new Date('2027-12-31T00:00:00Z') }).where(eq(organizations.id, cycleAdmin.organizationId!));
    const [q] = await a.deps.db.select().from(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, assessmentId)).limit(1);
    const evidenceId = randomUUID();
    await a.deps.db.insert(evidenceFiles).values({
      id: evidenceId,
      organizationId: cycleAdmin.organizationId!,
      assessmentId,
      questionId: q!.questionId,
      fileName: 'plan.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 10,
      sha256: 'c'.repeat(64),
      bytesReceived: 10,
      storageKey: `test/${evidenceId}`,
      status: 'attached',
      expiresOn: '2027-01-05',
      uploadedBy: cycleAdmin.userId,
    });
    await a.deps.db.insert(certifications).values({
      organizationId: cycleAdmin.organizationId!,
      assessmentId,
      verifyCode: randomUUID(),
      signerName: 'Ada Admin',
      signerTitle: 'Director',
      statement: 'I certify.',
      signedAt: new Date('2026-01-10T10:00:00Z'),
      expiresAt: new Date('2027-01-10T10:00:00Z'),
      totalScore: 100,
      grade: 'A',
      passFail: 'Pass',
      versionId: 1,
      versionLabel: 'v1',
      canonical: 'x',
      sha256: 'd'.repeat(64),
    });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await smtp?.close();
    await db?.drop();
  });

  it('runs each due job on one instance, queues each reminder once and sends each e-mail once', async () => {
    const sentBefore = smtp.messages.length;
    // From 18 December to 5 January, every 4 hours, each instance runs the scheduler twice at once.
    const start = Date.parse('2026-12-18T02:00:00Z');
    const steps = Math.floor((Date.parse('2027-01-05T23:00:00Z') - start) / (4 * HOUR)) + 1;
    const claimed = new Map<string, number>();
    for (let k = 0; k < steps; k++) {
      const now = new Date(start + k * 4 * HOUR);
      const runs = (await Promise.all([runDueJobs(a.deps, now), runDueJobs(b.deps, now), runDueJobs(a.deps, now), runDueJobs(b.deps, now)])).flat() as JobRun[];
      expect(runs.every((r) => r.ok)).toBe(true);
      for (const r of runs) claimed.set(`${r.name}@${k}`, (claimed.get(`${r.name}@${k}`) ?? 0) + 1);
    }
    // Every job due at a step (all but the six-hourly purge are due at every 4-hour step) ran exactly once.
    for (const job of JOBS.filter((j) => j.everyMs <= 4 * HOUR)) {
      for (let k = 0; k < steps; k++) expect(claimed.get(`${job.name}@${k}`), `${job.name} at step ${k}`).toBe(1);
    }
    expect([...claimed.values()].every((n) => n === 1)).toBe(true);

    const rows = await a.deps.db.select().from(notifications);
    const keys = rows.map((r) => r.dedupeKey.replace(/:[0-9a-f-]{36}/g, ':<id>')).sort();
    expect(keys).toEqual(
      [
        'action_due:<id>:2026-12-25:7',
        'action_due:<id>:2026-12-25:1',
        'evidence_expiry:<id>:2027-01-05:30',
        'evidence_expiry:<id>:2027-01-05:7',
        'evidence_expiry:<id>:2027-01-05:1',
        'certification_expiry:<id>:30:<id>',
        // 31 January, 30 days before, to the org_admin of each organization asked PP-23 (every-duty profile included).
        ...Array.from({ length: 4 }, () => 'legal_deadline:<id>:PP-23:2027-01-31:30:<id>'),
      ].sort(),
    );
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);

    const mail = smtp.messages.slice(sentBefore);
    expect(mail).toHaveLength(rows.length);
    const delivered = mail.map((m) => `${m.to.join(',')}|${decodeHeader(header(m.raw, 'subject'))}`).sort();
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(delivered).toEqual(rows.map((r) => `${r.recipientEmail}|${r.subject}`).sort());
  });

  it('sends each pending notification once when both instances dispatch at the same time', async () => {
    const before = smtp.messages.length;
    const subjects = Array.from({ length: 40 }, (_, i) => `Concurrent notice ${i}`);
    for (const subject of subjects) {
      await enqueueNotification(a.deps.db, { dedupeKey: `test:${randomUUID()}`, organizationId: null, recipientId: null, recipientEmail: 'ops@cycle.example', kind: 'reassess', subject, body: 'Hello' });
    }
    const now = new Date('2027-02-01T00:00:00Z');
    const results = await Promise.all([dispatchNotifications(a.deps, now), dispatchNotifications(b.deps, now), dispatchNotifications(a.deps, now), dispatchNotifications(b.deps, now)]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(40);
    expect(results.every((r) => r.failed === 0)).toBe(true);
    const got = smtp.messages.slice(before).map((m) => decodeHeader(header(m.raw, 'subject'))).sort();
    expect(got).toEqual([...subjects].sort());
  });

  it('sends a reminder in the run that queued it, when the other instance claimed the dispatch first', async () => {
    const before = smtp.messages.length;
    const dispatch = JOBS.find((j) => j.name === 'notifications.dispatch')!;
    const subject = `Handed-over reminder ${randomUUID()}`;
    const reminder: JobDef = {
      name: `reminders.handoff_${randomUUID()}`,
      everyMs: HOUR,
      run: async (deps) => Number(await enqueueNotification(deps.db, { dedupeKey: `test:${randomUUID()}`, organizationId: null, recipientId: null, recipientEmail: 'ops@cycle.example', kind: 'reassess', subject, body: 'Hello' })),
    };
    const now = new Date('2027-03-01T00:00:00Z');
    // Instance B ticks first and claims this minute's dispatch while nothing is pending yet.
    expect((await runDueJobs(b.deps, now, [dispatch])).map((r) => r.name)).toEqual([dispatch.name]);
    // Instance A's tick queues the reminder; the dispatch is not due for A, yet the reminder goes out now.
    expect((await runDueJobs(a.deps, now, [reminder, dispatch])).map((r) => r.name)).toEqual([reminder.name]);
    const [row] = await a.deps.db.select().from(notifications).where(eq(notifications.subject, subject));
    expect(row?.status).toBe('sent');
    expect(smtp.messages.slice(before).map((m) => decodeHeader(header(m.raw, 'subject')))).toEqual([subject]);
  });
});
