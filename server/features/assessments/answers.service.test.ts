import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getTestDatabase, truncateAll } from '#tests/setup/db.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import type { Db } from '../../db/client.ts';
import { deferrals, responseHistory, responses } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { applyAnswer, listAnswerViews, type ApplyAnswerInput } from './answers.service.ts';
import { markSubmitted, seedCatalog, seedOrg, type OrgFixture } from '../sync/sync.test-fixtures.ts';

describe.each(DB_DRIVERS)('applyAnswer (%s)', (driver) => {
  let db: Db;
  let org: OrgFixture;
  let q: string;

  beforeEach(async () => {
    const database = await getTestDatabase(driver);
    await truncateAll(database);
    db = database.db;
    await seedCatalog(db);
    org = await seedOrg(db, 'Acme');
    q = org.questionIds[0]!;
  });

  const input = (over: Partial<ApplyAnswerInput> = {}): ApplyAnswerInput => ({
    assessmentId: org.assessmentId,
    organizationId: org.orgId,
    questionId: q,
    answer: 'yes',
    baseVersion: 0,
    userId: org.userId,
    ...over,
  });

  const errorOf = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a rejection'); }, (e: unknown) => e as AppError);

  it('inserts version 1, then compare-and-sets to version 2 with history and author name', async () => {
    const first = await applyAnswer({ db }, input());
    expect(first.status).toBe('applied');
    expect(first.answer).toMatchObject({ question_id: q, answer: 'yes', version: 1, updated_by: org.userId, updated_by_name: 'AcmeAlice Tester' });
    const second = await applyAnswer({ db }, input({ answer: 'no', baseVersion: 1, userId: org.otherUserId, mutationId: crypto.randomUUID() }));
    expect(second).toMatchObject({ status: 'applied', answer: { answer: 'no', version: 2, updated_by_name: 'AcmeBob Tester' } });
    const history = await db.select().from(responseHistory).where(eq(responseHistory.questionId, q));
    expect(history.map((h) => [h.answer, h.version]).sort()).toEqual([['no', 2], ['yes', 1]]);
  });

  it('inserts even when a positive base version meets no row', async () => {
    const r = await applyAnswer({ db }, input({ baseVersion: 4 }));
    expect(r).toMatchObject({ status: 'applied', answer: { version: 1 } });
  });

  it('returns conflict with the current server answer for a stale base and a different value', async () => {
    await applyAnswer({ db }, input({ userId: org.otherUserId }));
    const r = await applyAnswer({ db }, input({ answer: 'no', baseVersion: 0 }));
    expect(r.status).toBe('conflict');
    expect(r.answer).toMatchObject({ answer: 'yes', version: 1, updated_by: org.otherUserId, updated_by_name: 'AcmeBob Tester' });
    const [row] = await db.select().from(responses).where(eq(responses.questionId, q));
    expect(row).toMatchObject({ answer: 'yes', version: 1 });
  });

  it('treats a stale base with the same value as an applied no-op', async () => {
    await applyAnswer({ db }, input());
    await applyAnswer({ db }, input({ answer: 'no', baseVersion: 1 }));
    const r = await applyAnswer({ db }, input({ answer: 'no', baseVersion: 1, userId: org.otherUserId }));
    expect(r).toMatchObject({ status: 'applied', answer: { answer: 'no', version: 2, updated_by: org.userId } });
    const history = await db.select().from(responseHistory).where(eq(responseHistory.questionId, q));
    expect(history).toHaveLength(2);
  });

  it('writes unconditionally when baseVersion is null', async () => {
    await applyAnswer({ db }, input());
    await applyAnswer({ db }, input({ answer: 'no', baseVersion: 1 }));
    const r = await applyAnswer({ db }, input({ answer: 'yes', baseVersion: null }));
    expect(r).toMatchObject({ status: 'applied', answer: { answer: 'yes', version: 3 } });
  });

  it('refuses a submitted assessment with 409 assessment_locked', async () => {
    await markSubmitted(db, org.assessmentId);
    const err = await errorOf(applyAnswer({ db }, input()));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 409, code: 'assessment_locked', message: 'This assessment has been submitted and can no longer be changed' });
  });

  it('hides another organization’s assessment behind 404', async () => {
    const other = await seedOrg(db, 'Other');
    const err = await errorOf(applyAnswer({ db }, input({ organizationId: other.orgId, userId: other.userId })));
    expect(err).toMatchObject({ status: 404, code: 'not_found' });
    expect(await db.select().from(responses)).toHaveLength(0);
  });

  it('rejects a question outside the pinned version with 400', async () => {
    const err = await errorOf(applyAnswer({ db }, input({ questionId: crypto.randomUUID() })));
    expect(err).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('marks an open deferral of the question as answered', async () => {
    await db.insert(deferrals).values({
      assessmentId: org.assessmentId, organizationId: org.orgId, questionId: q, deferredBy: org.userId, deferredTo: org.otherUserId,
    });
    await applyAnswer({ db }, input({ userId: org.otherUserId }));
    const [d] = await db.select().from(deferrals).where(and(eq(deferrals.questionId, q)));
    expect(d?.status).toBe('answered');
  });

  it('runs inside a caller transaction and rolls back with it', async () => {
    await expect(
      db.transaction(async (tx) => {
        await applyAnswer({ db: tx }, input());
        throw new Error('caller aborts');
      }),
    ).rejects.toThrow('caller aborts');
    expect(await listAnswerViews({ db }, org.assessmentId)).toEqual([]);
    await db.transaction((tx) => applyAnswer({ db: tx }, input()));
    expect(await listAnswerViews({ db }, org.assessmentId)).toHaveLength(1);
  });

  it('lets exactly one of several simultaneous first answers win; the others see its answer', async () => {
    const values = ['yes', 'no', 'yes', 'no', 'yes', 'no', 'yes', 'no'] as const;
    const results = await Promise.all(values.map((answer) => applyAnswer({ db }, input({ answer, baseVersion: 0 }))));
    const [row] = await db.select().from(responses).where(eq(responses.questionId, q));
    expect(row?.version).toBe(1);
    results.forEach((r, i) => {
      expect(r.answer).toMatchObject({ answer: row!.answer, version: 1 });
      expect(r.status).toBe(values[i] === row!.answer ? 'applied' : 'conflict');
    });
    expect(results.filter((r) => r.status === 'conflict')).toHaveLength(4);
    expect(await db.select().from(responseHistory).where(eq(responseHistory.questionId, q))).toHaveLength(1);
  });

  it('applies every one of simultaneous unconditional writes, one history row per version', async () => {
    for (const questionId of org.questionIds.slice(0, 5)) {
      await applyAnswer({ db }, input({ questionId }));
      const values = ['no', 'yes', 'no', 'yes', 'no', 'yes'] as const;
      const results = await Promise.all(values.map((answer) => applyAnswer({ db }, input({ questionId, answer, baseVersion: null }))));
      expect(results.map((r) => r.status)).toEqual(values.map(() => 'applied'));
      const [row] = await db.select().from(responses).where(eq(responses.questionId, questionId));
      const versions = (await db.select().from(responseHistory).where(eq(responseHistory.questionId, questionId))).map((h) => h.version);
      expect(versions.sort((a, b) => a - b)).toEqual(Array.from({ length: row!.version }, (_, i) => i + 1));
    }
  });
});
