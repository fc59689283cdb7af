import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeadlineView } from '#domain/contracts/cycles.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { joinOrganization, signInSystemAdmin, type Member } from '../accounts/accounts.fixtures.ts';
import { COMPANY_PROFILE, createOrgAdmin, SECTION_117_PROFILE, submitAssessmentFor } from './jobs.test-helpers.ts';

const NOW = new Date('2026-03-10T15:00:00Z');

describe.each(DB_DRIVERS)('GET /api/deadlines (%s)', (driver) => {
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
    const res = await server.json('GET', '/api/deadlines', undefined, who.accessToken);
    expect(res.status).toBe(200);
    return res.body as DeadlineView[];
  };

  it('lists the Section 117 dates for a profile with the duty, before any assessment', async () => {
    const legal = (await list(collegeMember)).filter((d) => d.code === 'PP-23');
    expect(legal.map((d) => d.due_on)).toEqual(['2026-07-31', '2027-01-31']);
    expect(legal[0]).toMatchObject({ kind: 'legal', overdue: false, source: expect.stringContaining('117'), href: '/assessment/new' });
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
    expect(all.find((d) => d.kind === 'reassess')).toMatchObject({ due_on: '2026-06-08', overdue: false, href: '/assessment/new' });
    const dated = all.filter((d) => d.due_on !== null).map((d) => d.due_on!);
    expect(dated).toEqual([...dated].sort());
    expect(all.findIndex((d) => d.due_on === null)).toBeGreaterThan(all.findIndex((d) => d.due_on === dated.at(-1)));
    // A yearly duty confirmed (Yes) in that assessment is dated 12 months on.
    expect(all.some((d) => d.kind === 'legal' && d.due_on === '2027-03-10')).toBe(true);
  });

  it('shows another organization nothing of this one', async () => {
    const theirs = await list(company);
    expect(theirs.some((d) => d.kind === 'reassess')).toBe(false);
    expect(JSON.stringify(theirs)).not.toContain(college.organizationId!);
  });

  it('gives a user without an organization an empty list, and refuses anonymous callers', async () => {
    const admin = await signInSystemAdmin(server);
    expect((await server.json('GET', '/api/deadlines', undefined, admin.accessToken)).body).toEqual([]);
    expect((await server.json('GET', '/api/deadlines')).status).toBe(401);
  });
});
