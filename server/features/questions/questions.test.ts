import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { citationOf } from '#domain/questions/sources.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, bodyOf } from '#tests/setup/api-client.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createOrgAdmin } from '#tests/isolation/fixtures.ts';
import { questionnaireVersions, questions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { bankHash, SEED_NOTE_PREFIX, seedQuestionBank } from './questions.seed.ts';
import { currentVersionDefs, currentVersionId, publishVersion } from './questions.service.ts';

describe.each([TEST_DRIVER])('question bank versions (%s)', (driver) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(driver);
  });
  afterEach(async () => server.close());

  const versionCount = async () => Number((await server.deps.db.select({ n: count() }).from(questionnaireVersions))[0]!.n);

  it('seeds version 1 from code once, with the content hash in notes', async () => {
    const db = server.deps.db;
    const versions = await db.select().from(questionnaireVersions);
    expect(versions).toHaveLength(1);
    expect(versions[0]!.notes).toBe(`${SEED_NOTE_PREFIX}${bankHash(QUESTION_BANK)}`);
    const rows = await db.select().from(questions).where(eq(questions.versionId, versions[0]!.id));
    expect(rows).toHaveLength(QUESTION_BANK.length);
    expect(rows.reduce((s, q) => s + q.points, 0)).toBe(140);
    expect(await seedQuestionBank({ db })).toBeNull();
    expect(await versionCount()).toBe(1);
  });

  it('publishes a new version when the bank in code changes, leaving old rows untouched', async () => {
    const db = server.deps.db;
    const v1 = await currentVersionId({ db });
    // In id order: without one, the database may return the same rows in another order once more rows exist.
    const rowsOf = (versionId: number) => db.select().from(questions).where(eq(questions.versionId, versionId)).orderBy(questions.id);
    const before = await rowsOf(v1);
    const changed = QUESTION_BANK.map((q) => (q.code === 'CI-16' ? { ...q, questionText: `${q.questionText} (revised)` } : q));
    const v2 = await seedQuestionBank({ db }, changed);
    expect(v2).toBeGreaterThan(v1);
    expect(await currentVersionId({ db })).toBe(v2);
    expect(await rowsOf(v1)).toEqual(before);
    expect(await seedQuestionBank({ db }, changed)).toBeNull();
    expect(await versionCount()).toBe(2);
  });

  it('publishVersion copies an edited bank and refuses an invalid one with readable errors', async () => {
    const db = server.deps.db;
    const { questions: defs } = await currentVersionDefs({ db });
    expect(defs.map((d) => d.code)).toEqual(QUESTION_BANK.map((q) => q.code));
    const edited = defs.map((d) => (d.code === 'AU-11' ? { ...d, points: 2 } : d.code === 'AU-10' ? { ...d, points: 0 } : d));
    const err = await publishVersion({ db }, edited, null, 'bad').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).toBe('Points must be between 1 and 5');
    const unbalanced = defs.map((d) => (d.code === 'AU-11' ? { ...d, points: 3 } : d));
    await expect(publishVersion({ db }, unbalanced, null, 'bad')).rejects.toThrow('The questions must total exactly 140 points (they total 142).');
    const ok = defs.map((d) => (d.code === 'AU-11' ? { ...d, points: 2 } : d)).filter((d) => d.code !== 'AU-10');
    const published = await publishVersion({ db }, ok, null, 'v2 admin edit');
    expect(published.questionCount).toBe(QUESTION_BANK.length - 1);
    expect(await versionCount()).toBe(2);
  });
});

describe('bankHash', () => {
  const bank = QUESTION_BANK.slice(0, 3);
  it('is the same for the same bank, however its conditions and clock are written', () => {
    const clock = { summary: 'Training within 12 months', recurrence: 'annual' as const, months: 12, dates: [], starts: null, source: 'src' };
    const reordered = { source: 'src', starts: null, dates: [], months: 12, recurrence: 'annual' as const, summary: 'Training within 12 months' };
    const a = bank.map((q, i) => (i === 0 ? { ...q, clock } : q));
    const b = bank.map((q, i) => (i === 0 ? { ...q, clock: reordered } : q));
    expect(bankHash(a)).toBe(bankHash(b));
    expect(bankHash(bank)).toBe(bankHash(bank.map((q) => ({ ...q }))));
  });

  it('changes with a question\'s conditions or clock', () => {
    const base = bankHash(bank);
    const withCondition = bank.map((q, i) => (i === 0 ? { ...q, appliesWhen: [{ covered: true as const }] } : q));
    const withGateCondition = bank.map((q, i) => (i === 0 ? { ...q, criticalWhen: [{ agencies: ['nsf' as const] }] } : q));
    const withClock = bank.map((q, i) =>
      i === 0 ? { ...q, clock: { summary: 'Every year', recurrence: 'annual' as const, months: 12, dates: [], starts: null, source: 'src' } } : q,
    );
    const hashes = new Set([base, bankHash(withCondition), bankHash(withGateCondition), bankHash(withClock)]);
    expect(hashes.size).toBe(4);
  });
});

describe.each([TEST_DRIVER])('GET /api/questions and /api/domains (%s)', (driver) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(driver);
  });
  afterEach(async () => server.close());

  it('requires sign-in', async () => {
    expect((await apiClient(server).questions.$get({ query: {} })).status).toBe(401);
    expect((await apiClient(server).domains.$get()).status).toBe(401);
  });

  it('lists the current version in wire field names, ordered by domain', async () => {
    const admin = await createOrgAdmin(server);
    const res = await bodyOf(apiClient(server, admin.accessToken).questions.$get({ query: {} }));
    expect(res).toHaveLength(QUESTION_BANK.length);
    expect(res.map((q) => q.code)).toEqual(QUESTION_BANK.map((q) => q.code));
    expect(Object.keys(res[0]!).sort()).toEqual(
      ['citations', 'clock', 'code', 'critical', 'document_evidence_required', 'domain_id', 'domain_name', 'evidence_description', 'guidance', 'id', 'novelty', 'points', 'question_text', 'sources', 'subdomain'].sort(),
    );
    // Novelty is relative to an assessment's start: none for the bare current version.
    expect(res.every((q) => q.novelty === null)).toBe(true);
    const first = QUESTION_BANK[0]!;
    expect(res[0]).toMatchObject({ code: first.code, domain_id: first.domainId, domain_name: 'Communications + Integration', critical: first.critical, points: first.points });
    // Citations, not source ids: every source of the bank is shown as its citation.
    const cited = QUESTION_BANK.find((q) => q.sources.length > 0)!;
    expect(res.find((q) => q.code === cited.code)!.sources).toEqual(cited.sources.map(citationOf));
    expect(cited.sources.map(citationOf)).not.toEqual(cited.sources);
  });

  it('carries each source as a structured citation: title, issuer, date, pinpoint, status with effective date, URL', async () => {
    const admin = await createOrgAdmin(server);
    const res = await bodyOf(apiClient(server, admin.accessToken).questions.$get({ query: {} }));
    for (const q of res) expect(q.citations.map((c) => c.id), q.code).toEqual(QUESTION_BANK.find((b) => b.code === q.code)!.sources);
    const card = res.find((q) => q.sources.includes('NIH NOT-OD-25-133'))!;
    expect(card.citations.find((c) => c.id === 'nihOd25133')).toEqual({
      id: 'nihOd25133',
      label: 'NIH NOT-OD-25-133',
      document: 'NIH Announces a New Policy Requirement to Train Senior/Key Personnel on Other Support Disclosure Requirements',
      issuer: 'National Institutes of Health',
      date: '2025-07-17',
      pinpoint: 'Policy: written and enforced Other Support policy; training of senior/key personnel',
      status: 'in_force',
      effective: '2025-10-01',
      url: 'https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-133.html',
      superseded_by: null,
    });
    const cites = res.flatMap((q) => q.citations);
    expect(cites.every((c) => c.document && c.issuer && c.date && c.pinpoint && c.status)).toBe(true);
    expect(cites.some((c) => c.status === 'announced')).toBe(true);
    expect(cites.some((c) => c.status === 'superseded')).toBe(false);
  });

  it('lists the five domains with icons', async () => {
    const admin = await createOrgAdmin(server);
    const res = await bodyOf(apiClient(server, admin.accessToken).domains.$get());
    expect(res).toEqual(DOMAINS.map((d) => ({ id: d.id, name: d.name, icon: d.icon, description: d.description })));
  });

  it('answers 404 for an assessment of another organization and 400 for a malformed id', async () => {
    const a = await createOrgAdmin(server, { organizationName: 'A' });
    const b = await createOrgAdmin(server, { organizationName: 'B' });
    const created = await bodyOf(apiClient(server, a.accessToken).assessments.create.$post({ json: { organizationId: a.organizationId! } }), 201);
    const other = await apiClient(server, b.accessToken).questions.$get({ query: { assessmentId: created.assessmentId } });
    expect(other.status).toBe(404);
    expect((await apiClient(server, a.accessToken).questions.$get({ query: { assessmentId: 'nope' } })).status).toBe(400);
  });
});
