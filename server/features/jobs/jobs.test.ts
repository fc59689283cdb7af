// The scheduler and its jobs on the real app and database: reminders queued once and recorded,
// sent through the app's mailer, retried after an SMTP failure and given up after MAX_ATTEMPTS.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { asc, eq, like, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assessmentQuestions, certifications, correctiveActions, evidenceFiles, notifications, organizations, scheduledJobs } from '#server/db/schema/index.ts';
import type { Mailer, MailMessage } from '#server/lib/mailer.ts';
import { buildServer, type BuiltServer } from '#server/compose.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { TEST_DRIVER, testEnv } from '#tests/setup/test-env.ts';
import { decodedBody, header, startSmtpCapture, type SmtpCapture } from '#tests/mail/smtp-capture.ts';
import { inviteAndAccept, joinOrganization, removeMember } from '#tests/isolation/fixtures.ts';
import { CLAIM_LEASE_MS, dispatchNotifications, MAX_ATTEMPTS, safeDeliveryError } from './dispatcher.ts';
import { COMPANY_PROFILE, createOrgAdmin, SECTION_117_PROFILE, submitAssessmentFor } from './jobs.test-helpers.ts';
import { enqueueNotification } from '../../lib/notifications.ts';
import { JOBS, runDueJobs, startScheduler } from './scheduler.ts';

const at = (iso: string) => new Date(iso);

describe.each([TEST_DRIVER])('scheduled reminders (%s)', (driver) => {
  let server: TestServer;
  let clock: Date;
  beforeEach(async () => {
    clock = at('2026-03-02T12:00:00Z');
    server = await createTestServer(driver, {}, { now: () => clock });
  });
  afterEach(async () => server?.close());

  const rows = (prefix: string) =>
    server.deps.db.select().from(notifications).where(like(notifications.dedupeKey, `${prefix}%`)).orderBy(asc(notifications.dedupeKey));
  /** Reminder e-mails only (sign-up and invitation mail go to the same memory mailer). */
  const reminderMail = () => server.mail.filter((m) => /^(Gift College|Cycle Lab): /.test(m.subject));

  it('queues each legal reminder once per org_admin, however often the jobs run, and sends it once', async () => {
    const admin = await createOrgAdmin(server, { organizationName: 'Gift College', applicability: SECTION_117_PROFILE });
    const second = await inviteAndAccept(server, admin, 'second.admin@gift.example', { role: 'org_admin' });
    await joinOrganization(server, admin.organizationId!); // a team member: not reminded
    await createOrgAdmin(server, { organizationName: 'Plain Company', applicability: COMPANY_PROFILE });

    const now = at('2027-01-01T09:00:00Z'); // 30 days before 31 January
    const first = await runDueJobs(server.deps, now);
    expect(first.map((r) => r.name)).toEqual(JOBS.map((j) => j.name));
    expect(first.every((r) => r.ok)).toBe(true);
    expect(await runDueJobs(server.deps, now)).toEqual([]); // not due again at the same instant
    await runDueJobs(server.deps, new Date(now.getTime() + 2 * 3600_000)); // due again: nothing new

    const queued = await rows('legal_deadline:');
    expect(queued.map((n) => n.recipientEmail).sort()).toEqual([admin.email, second.email].sort());
    expect(queued.every((n) => n.status === 'sent' && n.attempts === 1)).toBe(true);
    for (const n of queued) expect(n.dedupeKey).toContain(`:${admin.organizationId}:PP-23:2027-01-31:30:`);
    expect(reminderMail().map((m) => m.to).sort()).toEqual([admin.email, second.email].sort());
    const mail = reminderMail()[0]!;
    expect(mail.subject).toBe('Gift College: Section 117 report due January 31 if you received a reportable foreign gift or contract (in 30 days)');
    expect(mail.text).toContain('Gift College');
    expect(mail.text).toContain('Date: 2027-01-31.');
    expect(mail.text).toContain('A period with nothing to report needs no report.');
    expect(mail.text).toMatch(/http:\/\/localhost:3999\/dashboard/);

    // Five days before (the day the 7-day reminder was due was missed): the 7-day one, once, not the 30-day one again.
    await runDueJobs(server.deps, at('2027-01-26T09:00:00Z'));
    await runDueJobs(server.deps, at('2027-01-26T11:00:00Z'));
    const keys = (await rows('legal_deadline:')).map((n) => n.dedupeKey.split(':').slice(3, 5).join(':'));
    expect(keys.sort()).toEqual(['2027-01-31:30', '2027-01-31:30', '2027-01-31:7', '2027-01-31:7']);
    expect(reminderMail()).toHaveLength(4);
    const [job] = await server.deps.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'reminders.legal_deadlines'));
    expect(job).toMatchObject({ runs: 4, lastError: null, lastStartedAt: at('2027-01-26T11:00:00Z') });
  });

  it('neither lists nor reminds of a certification that a later failing assessment superseded', async () => {
    const admin = await createOrgAdmin(server, { organizationName: 'Cycle Lab' });
    const passed = await submitAssessmentFor(server, admin);
    const db = server.deps.db;
    await db.insert(certifications).values({
      organizationId: admin.organizationId!,
      assessmentId: passed,
      verifyCode: randomUUID(),
      signerName: 'Ada Admin',
      signerTitle: 'Provost',
      statement: 'I certify.',
      signedAt: server.deps.now(),
      expiresAt: new Date(server.deps.now().getTime() + 20 * 86_400_000),
      totalScore: 140,
      grade: 'A',
      passFail: 'Pass',
      versionId: 1,
      versionLabel: 'v1',
      canonical: 'x',
      sha256: 'b'.repeat(64),
    });
    const listed = async () => ((await server.json('GET', '/api/deadlines', undefined, admin.accessToken)).body as { kind: string }[]).filter((d) => d.kind === 'certification');
    expect(await listed()).toHaveLength(1);
    // Minutes later PP-23, a gate, is answered No: the next assessment fails and the record no longer stands.
    clock = new Date(clock.getTime() + 120_000);
    await submitAssessmentFor(server, admin, (code) => code === 'PP-23');
    expect(await listed()).toEqual([]);
    await runDueJobs(server.deps, new Date(clock.getTime() + 86_400_000));
    expect(await rows('certification_expiry:')).toEqual([]);
  });

  it('reminds of the next assessment, expiring evidence, actions due and the expiring certification', async () => {
    const admin = await createOrgAdmin(server, { organizationName: 'Cycle Lab' });
    const member = await joinOrganization(server, admin.organizationId!, { email: 'owner@cycle.example', firstName: 'Owen' });
    const assessmentId = await submitAssessmentFor(server, admin, (code) => code === 'PP-23');
    const db = server.deps.db;
    // PP-23 answered No: its action (critical, 30 days) is due 2026-04-01; Owen owns it.
    const [action] = await db.select().from(correctiveActions).where(eq(correctiveActions.assessmentId, assessmentId));
    expect(action!.targetDate!.toISOString().slice(0, 10)).toBe('2026-04-01');
    await db.update(correctiveActions).set({ ownerId: member.userId }).where(eq(correctiveActions.id, action!.id));
    const [q] = await db.select().from(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, assessmentId)).limit(1);
    const evidenceId = randomUUID();
    await db.insert(evidenceFiles).values({
      id: evidenceId,
      organizationId: admin.organizationId!,
      assessmentId,
      questionId: q!.questionId,
      fileName: 'policy.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 10,
      sha256: 'a'.repeat(64),
      bytesReceived: 10,
      storageKey: `test/${evidenceId}`,
      status: 'attached',
      expiresOn: '2026-04-10',
      uploadedBy: member.userId,
    });
    const [cert] = await db
      .insert(certifications)
      .values({
        organizationId: admin.organizationId!,
        assessmentId,
        verifyCode: randomUUID(),
        signerName: 'Ada Admin',
        signerTitle: 'Provost',
        statement: 'I certify.',
        signedAt: at('2025-04-20T10:00:00Z'),
        expiresAt: at('2026-04-20T10:00:00Z'),
        totalScore: 100,
        grade: 'A',
        passFail: 'Pass',
        versionId: 1,
        versionLabel: 'v1',
        canonical: 'x',
        sha256: 'b'.repeat(64),
      })
      .returning();

    await runDueJobs(server.deps, at('2026-03-25T08:00:00Z'));
    // Not paid yet: the action plan and its target dates are not released (ADR 012), so no action reminder.
    expect(await rows('action_due:')).toEqual([]);
    await db.update(organizations).set({ paidUntil: at('2027-03-01T00:00:00Z') }).where(eq(organizations.id, admin.organizationId!));
    await runDueJobs(server.deps, at('2026-03-25T20:00:00Z'));
    expect((await rows('action_due:')).map((n) => [n.dedupeKey, n.recipientEmail, n.status])).toEqual([[`action_due:${action!.id}:2026-04-01:7`, member.email, 'sent']]);
    expect((await rows('evidence_expiry:')).map((n) => [n.dedupeKey, n.recipientEmail])).toEqual([[`evidence_expiry:${evidenceId}:2026-04-10:30`, member.email]]);
    expect((await rows('certification_expiry:')).map((n) => [n.dedupeKey, n.recipientEmail])).toEqual([[`certification_expiry:${cert!.id}:30:${admin.userId}`, admin.email]]);
    expect(await rows('reassess:')).toEqual([]);
    const evidenceMail = reminderMail().find((m) => m.subject.includes('policy.pdf'))!;
    expect(evidenceMail.text).toContain(`http://localhost:3999/assessment/${assessmentId}?q=${q!.questionId}`);

    // The day before each: the 1-day reminders; the certification has only its 30-day one.
    await runDueJobs(server.deps, at('2026-03-31T08:00:00Z'));
    await runDueJobs(server.deps, at('2026-04-09T08:00:00Z'));
    expect((await rows('action_due:')).map((n) => n.dedupeKey.split(':').at(-1))).toEqual(['1', '7']);
    expect((await rows('evidence_expiry:')).map((n) => n.dedupeKey.split(':').at(-1))).toEqual(['1', '30']);
    expect(await rows('certification_expiry:')).toHaveLength(1);

    // 90 days after the submission: the next assessment, to every org_admin once; the expired file is not reminded again.
    await runDueJobs(server.deps, at('2026-06-01T08:00:00Z'));
    await runDueJobs(server.deps, at('2026-06-20T08:00:00Z'));
    expect((await rows('reassess:')).map((n) => [n.dedupeKey, n.recipientEmail])).toEqual([[`reassess:${admin.organizationId}:${assessmentId}:${admin.userId}`, admin.email]]);
    const reassess = reminderMail().find((m) => m.subject.startsWith('Cycle Lab: Suggested next assessment: 2026-05-31'))!;
    expect(reassess.text).toContain('no law sets this date');
    // No yearly duty is dated from the assessment (submitted 2026-03-02, Yes to every yearly duty): no legal reminder at all.
    await runDueJobs(server.deps, at('2027-02-05T08:00:00Z'));
    expect(await rows('legal_deadline:')).toEqual([]);
    expect(await rows('evidence_expiry:')).toHaveLength(2);
    const pending = await db.select().from(notifications).where(eq(notifications.status, 'pending'));
    expect(pending).toEqual([]);
  });

  it('startScheduler ticks again and again until stopped, and stop waits for the tick in progress', async () => {
    let runs = 0;
    let inRun = false;
    let reached: () => void = () => {};
    const threeRuns = new Promise<void>((resolve) => (reached = resolve));
    const job = {
      name: 'test.ticks',
      everyMs: 0, // due at every tick
      run: async () => {
        inRun = true;
        await new Promise((resolve) => setImmediate(resolve));
        runs++;
        inRun = false;
        if (runs === 3) reached();
      },
    };
    const scheduler = startScheduler({ ...server.deps, now: () => new Date() }, { tickMs: 5, jobs: [job] });
    await threeRuns;
    await scheduler.stop();
    expect(inRun).toBe(false);
    const [row] = await server.deps.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test.ticks'));
    expect(row!.runs).toBe(runs);
    expect(row!.lastFinishedAt).not.toBeNull();
  });

  const notice = (organizationId: string | null, recipientId: string | null, recipientEmail: string, subject: string) =>
    enqueueNotification(server.deps.db, { dedupeKey: `test:${randomUUID()}`, organizationId, recipientId, recipientEmail, kind: 'reassess', subject, body: 'Hello' });

  it('sends with no transaction open: the app answers other queries while a message is in flight, and the row is leased meanwhile', async () => {
    const admin = await createOrgAdmin(server, { organizationName: 'Cycle Lab' });
    await notice(admin.organizationId!, admin.userId, admin.email, 'Cycle Lab: slow');
    const db = server.deps.db;
    const now = at('2026-03-02T12:00:00Z');
    const seen: { query?: string; row?: { status: string; claimedUntil: Date | null } } = {};
    const sent: MailMessage[] = [];
    const slow: Mailer = {
      kind: 'outbox',
      async send(m) {
        // PGlite has one connection: a transaction held across the send would keep this query waiting
        // until the send ends, which it never would here (the guard only turns that hang into a failure).
        let guard: NodeJS.Timeout | undefined;
        seen.query = await Promise.race([
          db.execute(sql`select 1`).then(() => 'answered'),
          new Promise<string>((resolve) => (guard = setTimeout(() => resolve('blocked'), 5000))),
        ]);
        clearTimeout(guard);
        const [row] = await db.select({ status: notifications.status, claimedUntil: notifications.claimedUntil }).from(notifications).where(eq(notifications.subject, m.subject));
        seen.row = row;
        sent.push(m);
      },
    };
    expect(await dispatchNotifications({ ...server.deps, mailer: slow }, now)).toEqual({ sent: 1, failed: 0, cancelled: 0 });
    expect(seen.query).toBe('answered');
    expect(seen.row).toEqual({ status: 'pending', claimedUntil: new Date(now.getTime() + CLAIM_LEASE_MS) });
    expect(sent.map((m) => m.to)).toEqual([admin.email]);
    const [row] = await db.select().from(notifications);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, claimedUntil: null, sentAt: now });
  });

  it('leaves a row leased by another dispatcher alone until the lease ends, then sends it (at least once after a crash)', async () => {
    const admin = await createOrgAdmin(server, { organizationName: 'Cycle Lab' });
    await notice(admin.organizationId!, admin.userId, admin.email, 'Cycle Lab: leased');
    const now = at('2026-03-02T12:00:00Z');
    // A dispatcher that claimed the row and died before recording anything.
    await server.deps.db.update(notifications).set({ claimedUntil: new Date(now.getTime() + CLAIM_LEASE_MS) });
    expect(await dispatchNotifications(server.deps, now)).toEqual({ sent: 0, failed: 0, cancelled: 0 });
    expect(await dispatchNotifications(server.deps, new Date(now.getTime() + CLAIM_LEASE_MS))).toEqual({ sent: 0, failed: 0, cancelled: 0 });
    expect(await dispatchNotifications(server.deps, new Date(now.getTime() + CLAIM_LEASE_MS + 1))).toEqual({ sent: 1, failed: 0, cancelled: 0 });
    expect(reminderMail().map((m) => m.subject)).toEqual(['Cycle Lab: leased']);
  });

  it('cancels, unsent, a notice whose recipient left the organization or whose organization is suspended', async () => {
    const admin = await createOrgAdmin(server, { organizationName: 'Cycle Lab' });
    const member = await joinOrganization(server, admin.organizationId!, { email: 'leaver@cycle.example' });
    const other = await createOrgAdmin(server, { organizationName: 'Gift College' });
    await notice(admin.organizationId!, member.userId, member.email, 'Cycle Lab: to the leaver');
    await notice(other.organizationId!, other.userId, other.email, 'Gift College: suspended');
    await notice(admin.organizationId!, admin.userId, admin.email, 'Cycle Lab: to the admin');
    // Addressed to this organization's admin, but under another organization: not deliverable either.
    await notice(other.organizationId!, admin.userId, admin.email, 'Gift College: to a stranger');
    await removeMember(server, admin, member.userId);
    await server.deps.db.update(organizations).set({ status: 'suspended' }).where(eq(organizations.id, other.organizationId!));

    expect(await dispatchNotifications(server.deps, at('2026-03-02T12:00:00Z'))).toEqual({ sent: 1, failed: 0, cancelled: 3 });
    expect(reminderMail().map((m) => `${m.to}|${m.subject}`)).toEqual([`${admin.email}|Cycle Lab: to the admin`]);
    const states = await server.deps.db.select({ subject: notifications.subject, status: notifications.status, sentAt: notifications.sentAt }).from(notifications).orderBy(asc(notifications.subject));
    expect(states).toEqual([
      { subject: 'Cycle Lab: to the admin', status: 'sent', sentAt: at('2026-03-02T12:00:00Z') },
      { subject: 'Cycle Lab: to the leaver', status: 'cancelled', sentAt: null },
      { subject: 'Gift College: suspended', status: 'cancelled', sentAt: null },
      { subject: 'Gift College: to a stranger', status: 'cancelled', sentAt: null },
    ]);
  });

  it('records a failing job and still runs the others', async () => {
    const jobs = [
      { name: 'test.fails', everyMs: 60_000, run: () => Promise.reject(new Error('boom')) },
      { name: 'test.works', everyMs: 60_000, run: () => Promise.resolve(1) },
    ];
    const runs = await runDueJobs(server.deps, at('2026-03-02T12:00:00Z'), jobs);
    expect(runs).toEqual([{ name: 'test.fails', ok: false }, { name: 'test.works', ok: true, result: 1 }]);
    const [failed] = await server.deps.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test.fails'));
    expect(failed).toMatchObject({ runs: 1, lastError: 'Error: boom', nextRunAt: at('2026-03-02T12:01:00Z') });
  });
});

describe('safeDeliveryError', () => {
  it('keeps the SMTP reply but no address, URL or credentials', () => {
    const e = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <bob@x.example>: Recipient address rejected (from smtp://user:pw@mail.example:25)"), { code: 'EENVELOPE' });
    expect(safeDeliveryError(e)).toBe("EENVELOPE: Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: Recipient address rejected (from [url]");
    expect(safeDeliveryError(new Error('Mailbox for Alice.Smith+tag@sub.example.org is full'))).toBe('Mailbox for [address] is full');
  });
});

describe.each([TEST_DRIVER])('notification dispatcher over SMTP (%s)', (driver) => {
  let capture: SmtpCapture;
  let refusing: SMTPServer;
  let refusingUrl: string;
  let server: TestServer;
  let other: BuiltServer | undefined;
  beforeAll(async () => {
    capture = await startSmtpCapture();
    refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    refusingUrl = `smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await capture?.close();
    await new Promise<void>((resolve) => (refusing ? refusing.close(() => resolve()) : resolve()));
  });
  afterEach(async () => {
    await other?.close();
    other = undefined;
    await server?.close();
  });

  it('sends a due reminder through SMTP and records it as sent', async () => {
    server = await createTestServer(driver, { SMTP_URL: capture.url, MAIL_FROM: 'MVRSP Assess <no-reply@mvrsp.test>', AUTH_AUTOCONFIRM: 'true' });
    const admin = await createOrgAdmin(server, { organizationName: 'Smtp College', applicability: SECTION_117_PROFILE });
    const before = capture.messages.length;
    const now = at('2026-07-24T06:00:00Z'); // 7 days before 31 July
    await runDueJobs(server.deps, now);
    await runDueJobs(server.deps, new Date(now.getTime() + 3 * 3600_000));
    const got = capture.messages.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.to).toEqual([admin.email]);
    expect(header(got[0]!.raw, 'subject')).toContain('Smtp College');
    expect(decodedBody(got[0]!.raw)).toContain('2026-07-31');
    const [row] = await server.deps.db.select().from(notifications);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: now, kind: 'legal_deadline' });
  });

  it('retries after an SMTP failure, keeps no secret in the error, and gives up after the last attempt', async () => {
    // No sign-up here: its confirmation e-mail would meet the refusing server too.
    server = await createTestServer(driver, { SMTP_URL: refusingUrl });
    const queued = await enqueueNotification(server.deps.db, {
      dedupeKey: `test:${randomUUID()}`,
      organizationId: null,
      recipientId: null,
      recipientEmail: 'someone@refused.example',
      kind: 'reassess',
      subject: 'Refused Lab: reminder',
      body: 'Body with a secret-looking link http://localhost:3999/x?token=abc',
    });
    expect(queued).toBe(true);
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      expect(await dispatchNotifications(server.deps, at('2026-03-02T12:00:00Z'))).toEqual({ sent: 0, failed: 1, cancelled: 0 });
      const [row] = await server.deps.db.select().from(notifications);
      expect(row).toMatchObject({ attempts: i, status: i < MAX_ATTEMPTS ? 'pending' : 'failed', sentAt: null });
      expect(row!.lastError).toMatch(/550|Mailbox unavailable/);
      expect(row!.lastError).not.toContain('token=abc');
      expect(row!.lastError).not.toContain('127.0.0.1:');
      expect(row!.lastError).not.toContain('refused.example');
    }
    expect(await dispatchNotifications(server.deps, at('2026-03-02T12:05:00Z'))).toEqual({ sent: 0, failed: 0, cancelled: 0 });

    // The same outbox, delivered by an instance whose SMTP works: a pending row goes out, the failed one stays failed.
    await enqueueNotification(server.deps.db, {
      dedupeKey: `test:${randomUUID()}`,
      organizationId: null,
      recipientId: null,
      recipientEmail: 'someone@refused.example',
      kind: 'reassess',
      subject: 'Refused Lab: second reminder',
      body: 'Hello',
    });
    other = await buildServer(testEnv({ SMTP_URL: capture.url }), { database: server.database });
    const before = capture.messages.length;
    expect(await dispatchNotifications(other.deps, at('2026-03-02T12:10:00Z'))).toEqual({ sent: 1, failed: 0, cancelled: 0 });
    expect(capture.messages.slice(before).map((m) => header(m.raw, 'subject'))).toEqual(['Refused Lab: second reminder']);
    const states = await other.deps.db.select({ subject: notifications.subject, status: notifications.status }).from(notifications).where(like(notifications.subject, 'Refused Lab%'));
    expect(states.map((s) => `${s.subject}=${s.status}`).sort()).toEqual(['Refused Lab: reminder=failed', 'Refused Lab: second reminder=sent']);
  });
});
