// The reminder jobs are set-based (reminders.ts, docs/decisions/019-quarterly-cycles.md): a
// pass sends the same number of statements at 1 and at 30 organizations, and queues 30 times the
// reminders. Each organization has every kind of reminder due on the same day.
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assessmentQuestions, certifications, correctiveActions, evidenceFiles, notifications, organizations } from '#server/db/schema/index.ts';
import { cloneOrganization } from '#tests/setup/clone-organization.ts';
import { countingDb } from '#tests/setup/counting-db.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { joinOrganization } from '../accounts/accounts.fixtures.ts';
import { createOrgAdmin, SECTION_117_PROFILE, submitAssessmentFor } from './jobs.test-helpers.ts';
import { JOBS, runDueJobs } from './scheduler.ts';

const at = (iso: string) => new Date(iso);
const REMINDER_JOBS = JOBS.filter((j) => j.name.startsWith('reminders.'));

describe.each(DB_DRIVERS)('reminder jobs at scale (%s)', (driver) => {
  let server: TestServer;
  let clock: Date;
  beforeEach(async () => {
    clock = at('2026-03-02T12:00:00Z');
    server = await createTestServer(driver, {}, { now: () => clock });
  });
  afterEach(async () => server?.close());

  /** An organization with a reminder of every kind due on 2026-07-01. */
  async function organizationWithEverythingDue(): Promise<string> {
    const admin = await createOrgAdmin(server, { organizationName: 'Gift College', applicability: SECTION_117_PROFILE });
    const member = await joinOrganization(server, admin.organizationId!, { email: 'owner@gift.example', firstName: 'Owen' });
    // Submitted 2026-03-02: the next assessment is suggested from 2026-05-31. PP-23 (HEA 117: 31 July) answered No: an action.
    const assessmentId = await submitAssessmentFor(server, admin, (code) => code === 'PP-23');
    const db = server.deps.db;
    const orgId = admin.organizationId!;
    await db.update(organizations).set({ paidUntil: at('2027-03-01T00:00:00Z') }).where(eq(organizations.id, orgId));
    await db.update(correctiveActions).set({ ownerId: member.userId, targetDate: at('2026-07-05T00:00:00Z') }).where(eq(correctiveActions.assessmentId, assessmentId));
    const [q] = await db.select().from(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, assessmentId)).limit(1);
    const evidenceId = randomUUID();
    await db.insert(evidenceFiles).values({
      id: evidenceId,
      organizationId: orgId,
      assessmentId,
      questionId: q!.questionId,
      fileName: 'policy.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 10,
      sha256: 'a'.repeat(64),
      bytesReceived: 10,
      storageKey: `test/${evidenceId}`,
      status: 'attached',
      expiresOn: '2026-07-20',
      uploadedBy: member.userId,
    });
    await db.insert(certifications).values({
      organizationId: orgId,
      assessmentId,
      verifyCode: randomUUID(),
      signerName: 'Ada Admin',
      signerTitle: 'Provost',
      statement: 'I certify.',
      signedAt: at('2025-07-20T10:00:00Z'),
      expiresAt: at('2026-07-20T10:00:00Z'),
      totalScore: 100,
      grade: 'A',
      passFail: 'Pass',
      versionId: 1,
      versionLabel: 'v1',
      canonical: 'x',
      sha256: 'b'.repeat(64),
    });
    return orgId;
  }

  it('sends as many statements at 30 organizations as at 1, and queues every reminder of each', async () => {
    const orgId = await organizationWithEverythingDue();
    const counting = countingDb(server.database);
    const deps = { ...server.deps, db: counting.db };
    const kinds = async (ids: string[]) =>
      (await server.deps.db.select({ kind: notifications.kind }).from(notifications).where(inArray(notifications.organizationId, ids)).orderBy(asc(notifications.kind))).map((n) => n.kind);

    const first = await runDueJobs(deps, at('2026-07-01T08:00:00Z'), REMINDER_JOBS);
    expect(first.map((r) => [r.name, r.ok])).toEqual(REMINDER_JOBS.map((j) => [j.name, true]));
    const atOne = counting.count();
    const one = await kinds([orgId]);
    // Every kind: the legal date and the suggested assessment to the admin, the file and the action to their owner.
    expect(new Set(one)).toEqual(new Set(['legal_deadline', 'reassess', 'evidence_expiry', 'action_due', 'certification_expiry']));

    const copies = await cloneOrganization(server.deps.db, orgId, 29);
    counting.reset();
    // An hour later (the same day): the jobs are due again; the first organization's reminders exist already.
    await runDueJobs(deps, at('2026-07-01T09:00:00Z'), REMINDER_JOBS);
    const atThirty = counting.count();
    expect(atThirty).toBe(atOne);
    const perCopy = await Promise.all(copies.map((id) => kinds([id])));
    expect(perCopy.every((k) => JSON.stringify(k) === JSON.stringify(one))).toBe(true);
    expect(await kinds([orgId, ...copies])).toHaveLength(30 * one.length);
  });
});
