import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentQuestions, evidenceFiles } from '#server/db/schema/index.ts';
import type { DeadlineView } from '#domain/contracts/cycles.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { apiClient } from '#tests/setup/api-client.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { COMPANY_PROFILE, createOrgAdmin, SECTION_117_PROFILE, submitAssessmentFor } from '../jobs/jobs.test-helpers.ts';

const NOW = new Date('2026-03-10T15:00:00Z');

describe.each([TEST_DRIVER])('GET /api/deadlines (%s)', (driver) => {
  let server: TestServer;
  let college: Member;
  let collegeMember: Member;
  let company: Member;
  beforeAll(async () => {
    server = await createTestServer(driver, {}, { now: () => NOW });
    college = await createOrgAdmin(server, { organizationName: 'Gift College', applicability: SECTION_117_PROFILE });
    collegeMember = await joinOrganization(server, college.organizationId!);
    company = await createOrgAdmin(server, { organizationName: 'Plain Company', applicability: COMPANY_PROFILE });
  });
  afterAll(async () => server?.close());

  const list = async (who: Member): Promise<DeadlineView[]> => {
    const res = await apiClient(server, who.accessToken).deadlines.$get();
    expect(res.status).toBe(200);
    return res.json();
  };

  it('lists the Section 117 dates for a profile with the duty, before any assessment', async () => {
    const legal = (await list(collegeMember)).filter((d) => d.code === 'PP-23');
    expect(legal.map((d) => d.due_on)).toEqual(['2026-07-31', '2027-01-31']);
    expect(legal[0]).toMatchObject({ kind: 'legal', overdue: false, source: expect.stringContaining('117'), href: '/assessment/new' });
  });

  it('lists no deadline for a duty tied to an event (TP-12, IP-10), though a three-yearly duty (IP-30) stands', async () => {
    const clockOf = (code: string) => QUESTION_BANK.find((q) => q.code === code)?.clock;
    expect([clockOf('TP-12')?.recurrence, clockOf('IP-10')?.recurrence, clockOf('IP-30')?.recurrence]).toEqual(['after_event', 'after_event', 'every_years']);
    const lab = await createOrgAdmin(server, {
      organizationName: 'Defense Lab',
      applicability: { kind: 'ihe', covered: false, agencies: ['doe', 'dod'], activities: ['cui_fci'] },
    });
    const legal = (await list(lab)).filter((d) => d.kind === 'legal');
    expect(legal.find((d) => d.code === 'IP-30')).toMatchObject({ due_on: null, detail: 'Every 3 years, on the dates your award or the rule sets', source: expect.stringContaining('252.204-7019') });
    expect(legal.filter((d) => d.code === 'TP-12' || d.code === 'IP-10')).toEqual([]);
  });

  it('lists no fixed legal dates for a company without the duty', async () => {
    const all = await list(company);
    expect(all.some((d) => d.code === 'PP-23')).toBe(false);
    expect(all.filter((d) => d.kind === 'legal' && d.due_on !== null)).toEqual([]);
  });

  it('after an assessment: dates from its frozen questions, the next assessment 90 days on, soonest first', async () => {
    const id = await submitAssessmentFor(server, college);
    const all = await list(college);
    const toQuestion = expect.stringMatching(new RegExp(`^/assessment/${id}\\?q=[0-9a-f-]{36}$`));
    expect(all.filter((d) => d.code === 'PP-23').map((d) => [d.due_on, d.href])).toEqual([
      ['2026-07-31', toQuestion],
      ['2027-01-31', toQuestion],
    ]);
    expect(all.find((d) => d.kind === 'reassess')).toMatchObject({ due_on: '2026-06-08', overdue: false, href: '/assessment/new', title: 'Suggested next assessment' });
    expect(all.find((d) => d.kind === 'reassess')!.detail).toContain('no law sets this date');
    expect(all.find((d) => d.code === 'PP-23')).toMatchObject({ title: 'Section 117 report due July 31 if you received a reportable foreign gift or contract' });
    const dated = all.filter((d) => d.due_on !== null).map((d) => d.due_on!);
    expect(dated).toEqual([...dated].sort());
    expect(all.findIndex((d) => d.due_on === null)).toBeGreaterThan(all.findIndex((d) => d.due_on === dated.at(-1)));
    // A yearly duty without a date in law is never dated from the assessment: it stays standing.
    expect(all.filter((d) => d.kind === 'legal' && d.due_on !== null).every((d) => d.code === 'PP-23')).toBe(true);
    expect(all.some((d) => d.kind === 'legal' && d.due_on === null && /on the dates your award or the rule sets/.test(d.detail))).toBe(true);
    expect(JSON.stringify(all)).not.toContain('after your last submitted assessment');
  });

  it('lists corrective actions only once the organization has paid (ADR 012), and no file outlived by a current one', async () => {
    await submitAssessmentFor(server, college, (code) => code === 'PP-23');
    const listed = await list(college);
    expect(listed.filter((d) => d.kind === 'action')).toEqual([]);
    // Both assessments were submitted at the same (frozen) instant: the files go to the one the list reads.
    const id = /^\/assessment\/([0-9a-f-]{36})\?/.exec(listed.find((d) => d.code === 'PP-23')!.href!)![1]!;
    const sys = await signInSystemAdmin(server);
    const paid = await apiClient(server, sys.accessToken).admin.organizations[':id'].subscription.$post({ param: { id: college.organizationId! }, json: { paidUntil: '2027-03-10T00:00:00.000Z' } });
    expect(paid.status).toBe(200);
    expect((await list(college)).filter((d) => d.kind === 'action').map((d) => d.code)).toEqual(['PP-23']);

    // An expired file next to a current one on the same question: no alarm; alone, it is overdue.
    const [q] = await server.deps.db.select().from(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, id)).limit(1);
    const file = (fileName: string, expiresOn: string | null) => {
      const fileId = randomUUID();
      return { id: fileId, organizationId: college.organizationId!, assessmentId: id, questionId: q!.questionId, fileName, mimeType: 'application/pdf', sizeBytes: 10, sha256: 'a'.repeat(64), bytesReceived: 10, storageKey: `test/${fileId}`, status: 'attached' as const, expiresOn, uploadedBy: college.userId };
    };
    await server.deps.db.insert(evidenceFiles).values(file('old-policy.pdf', '2026-03-01'));
    expect((await list(college)).filter((d) => d.kind === 'evidence')).toMatchObject([{ title: 'Evidence expired: old-policy.pdf', overdue: true }]);
    await server.deps.db.insert(evidenceFiles).values(file('new-policy.pdf', '2027-03-01'));
    expect((await list(college)).filter((d) => d.kind === 'evidence')).toEqual([]);
  });

  it('shows another organization nothing of this one', async () => {
    const theirs = await list(company);
    expect(theirs.some((d) => d.kind === 'reassess')).toBe(false);
    expect(JSON.stringify(theirs)).not.toContain(college.organizationId!);
  });

  it('gives a user without an organization an empty list, and refuses anonymous callers', async () => {
    const admin = await signInSystemAdmin(server);
    expect(await (await apiClient(server, admin.accessToken).deadlines.$get()).json()).toEqual([]);
    expect((await apiClient(server).deadlines.$get()).status).toBe(401);
  });
});
