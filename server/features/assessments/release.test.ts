// Content releases (ADR 038) through the real API: the release notes of every published version
// (GET /api/content/releases), the notice on an assessment in progress that a newer release
// changes its questions, and moving it there (answers of unchanged questions kept, changed
// questions asked again, audited; submitted, other organizations' and non-admins refused).
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QuestionView } from '#domain/contracts/assessments.ts';
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { RELEASE_LOG, releaseNotesText } from '#domain/questions/releases.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, bodyOf, refusalOf } from '#tests/setup/api-client.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { auditLog, evidenceFiles, questionnaireVersions } from '../../db/schema/index.ts';
import { bankHash, currentVersionId, loadVersionQuestions, publishVersion, toDef } from '../questions/index.ts';
import { getQuestions, postAnswer } from './assessments.test-helpers.ts';

describe('the release log', () => {
  it('has an entry for the bank in code (add one with each change of the bank)', () => {
    expect(RELEASE_LOG.map((e) => e.bankSha256)).toContain(bankHash(QUESTION_BANK));
  });
});

describe.each([TEST_DRIVER])('content releases (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  let member: Member;
  let outsider: Member;
  beforeEach(async () => {
    server = await createTestServer(driver);
    admin = await createOrgAdmin(server, { organizationName: 'Acme Research' });
    member = await joinOrganization(server, admin.organizationId!);
    outsider = await createOrgAdmin(server, { organizationName: 'Other Lab', email: 'other@lab.example' });
  });
  afterEach(async () => server.close());

  const api = (as: Member) => apiClient(server, as.accessToken);
  const releases = (as: Member) => bodyOf(api(as).content.releases.$get());
  const create = async (as: Member) => (await bodyOf(api(as).assessments.create.$post({ json: { organizationId: as.organizationId! } }), 201)).assessmentId;
  const releaseOf = (as: Member, id: string) => bodyOf(api(as).assessments[':id'].release.$get({ param: { id } }));
  const move = (as: Member, id: string, versionId: number) => api(as).assessments[':id'].release.$post({ param: { id }, json: { versionId } });
  const answersOf = (as: Member, id: string) => bodyOf(api(as).assessments[':id'].responses.$get({ param: { id } }));

  /** Publishes the bank in code with `edit` applied, as a release with notes. */
  const publishEdited = (edit: (code: string) => Partial<(typeof QUESTION_BANK)[number]> | null, notes = 'Reworded questions after review of the agency terms.') =>
    publishVersion(
      server.deps,
      QUESTION_BANK.map((q) => ({ ...q, ...edit(q.code) })),
      null,
      'v-next',
      null,
      undefined,
      { notes, sources: [] },
    );

  it('lists releases newest first with version, publishedAt, notes and the changed codes, to signed-in users only', async () => {
    expect((await server.json('GET', '/api/content/releases')).status).toBe(401);
    const [seeded] = (await releases(member)).releases;
    // The bank seeded from code carries the notes of its entry in the release log.
    const entry = RELEASE_LOG.find((e) => e.bankSha256 === bankHash(QUESTION_BANK))!;
    expect(seeded).toMatchObject({ notes: releaseNotesText(entry) });
    // The first version is where the log starts: it changed nothing (was every code, read as "all changed").
    expect(seeded).toMatchObject({ first: true, changed: [] });

    const [a, b] = [QUESTION_BANK[0]!.code, QUESTION_BANK[1]!.code];
    await publishEdited((code) => (code === a ? { points: QUESTION_BANK[0]!.points, questionText: `${QUESTION_BANK[0]!.questionText} (reworded)` } : code === b ? { guidance: 'New guidance only.' } : null));
    const list = (await releases(member)).releases;
    expect(list[0]).toEqual({
      version: 'v-next',
      version_id: seeded!.version_id + 1,
      publishedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      notes: 'Reworded questions after review of the agency terms.',
      sources: [],
      // Guidance alone does not need a new answer: only the reworded question changed.
      changed: [a],
      first: false,
    });
    expect(list[1]).toEqual(seeded);
    expect(list.map((r) => r.version_id)).toEqual([...list.map((r) => r.version_id)].sort((x, y) => y - x));
    // Any role reads them.
    expect((await releases(admin)).releases[0]!.version).toBe('v-next');
  });

  it('tells every member, and moves on an org_admin’s choice: unchanged answers kept, changed questions asked again, audited', async () => {
    const id = await create(admin);
    const asked = await getQuestions(server, admin.accessToken, id);
    const [same, reworded, other] = asked.filter((q) => !q.document_evidence_required) as [QuestionView, QuestionView, QuestionView];
    const withEvidence = asked.find((q) => q.document_evidence_required)!;
    for (const q of [same, reworded, other]) await postAnswer(server, admin.accessToken, id, { questionId: q.id, answer: 'yes' });
    await postAnswer(server, admin.accessToken, id, {
      questionId: withEvidence.id,
      answer: 'yes',
      evidence_0: new File(['item,owner\nPOC,Ada\n'], 'roster.csv', { type: 'text/csv' }),
    });
    // Nothing newer yet.
    expect((await releaseOf(member, id)).update).toBeNull();

    const published = await publishEdited((code) => (code === reworded.code ? { questionText: `${reworded.question_text} (reworded)` } : null));
    const notice = await releaseOf(member, id);
    expect(notice.update).toMatchObject({
      version_id: published.versionId,
      version: 'v-next',
      answers_kept: 3,
      answers_cleared: 1,
      re_asked: [reworded.code],
      added: [],
      removed: [],
      notes: 'Reworded questions after review of the agency terms.',
    });

    // A team member sees the notice but may not move; another organization gets a 404.
    expect((await refusalOf(move(member, id, published.versionId), 403)).error).toBe('Only Organization Admins can do that');
    await refusalOf(move(outsider, id, published.versionId), 404);
    await refusalOf(api(outsider).assessments[':id'].release.$get({ param: { id } }), 404);

    const moved = await bodyOf(move(admin, id, published.versionId));
    expect(moved).toEqual({ version_id: published.versionId, version: 'v-next', answers_kept: 3, answers_cleared: 1, re_asked: [reworded.code], added: [], removed: [] });

    const now = await getQuestions(server, admin.accessToken, id);
    const byCode = new Map(now.map((q) => [q.code, q]));
    expect(now.map((q) => q.code)).toEqual(asked.map((q) => q.code));
    expect(now.every((q) => !asked.some((a) => a.id === q.id))).toBe(true);
    expect(byCode.get(reworded.code)!.novelty).toBe('changed');
    const answers = new Map((await answersOf(admin, id)).map((a) => [a.question_id, a.answer]));
    expect(answers.get(byCode.get(same.code)!.id)).toBe('yes');
    expect(answers.get(byCode.get(other.code)!.id)).toBe('yes');
    expect(answers.get(byCode.get(withEvidence.code)!.id)).toBe('yes');
    expect(answers.has(byCode.get(reworded.code)!.id)).toBe(false);
    expect(answers.size).toBe(3);
    // The evidence file follows its question.
    const files = await server.deps.db.select().from(evidenceFiles).where(eq(evidenceFiles.assessmentId, id));
    expect(files.map((f) => f.questionId)).toEqual([byCode.get(withEvidence.code)!.id]);
    expect(await bodyOf(api(admin).assessments[':id'].$get({ param: { id } }))).toMatchObject({ version_id: published.versionId, answered_count: 3, question_count: asked.length });

    const [audit] = await server.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'assessment.release_moved'), eq(auditLog.targetId, id)));
    expect(audit).toMatchObject({ actorId: admin.userId, organizationId: admin.organizationId, targetType: 'assessment' });
    expect(JSON.parse(audit!.after!)).toMatchObject({ version_id: published.versionId, re_asked: [reworded.code] });

    // Up to date now; moving again is refused.
    expect((await releaseOf(member, id)).update).toBeNull();
    expect((await refusalOf(move(admin, id, published.versionId), 409)).error).toBe(CONTENT_MSG.releaseMoveNotNewer);
  });

  it('refuses a release that is no longer the newest and never changes a submitted assessment', async () => {
    const id = await create(admin);
    const asked = await getQuestions(server, admin.accessToken, id);
    const first = await publishEdited((code) => (code === asked[0]!.code ? { questionText: `${asked[0]!.question_text} (first)` } : null));
    const second = await publishEdited((code) => (code === asked[0]!.code ? { questionText: `${asked[0]!.question_text} (second)` } : null));
    expect((await refusalOf(move(admin, id, first.versionId), 409)).error).toBe(CONTENT_MSG.releaseMoveStale);

    for (const q of asked) await postAnswer(server, admin.accessToken, id, { questionId: q.id, answer: 'yes' });
    await bodyOf(api(admin).assessments[':id'].submit.$post({ param: { id } }));
    expect((await releaseOf(admin, id)).update).toBeNull();
    expect((await refusalOf(move(admin, id, second.versionId), 409)).error).toBe(CONTENT_MSG.releaseMoveSubmitted);
    expect((await bodyOf(api(admin).assessments[':id'].$get({ param: { id } }))).version_id).not.toBe(second.versionId);
  });

  it('computes, in the migrations that added releases, the same changed codes for older versions as publishVersion does', async () => {
    const [a, b] = [QUESTION_BANK[0]!, QUESTION_BANK[1]!];
    await publishEdited((code) => (code === a.code ? { points: a.points, critical: a.critical, questionText: `${a.questionText} (v2)` } : code === b.code ? { guidance: 'Only guidance.' } : null));
    const stored = async () => (await server.deps.db.select({ id: questionnaireVersions.id, changed: questionnaireVersions.changedCodes }).from(questionnaireVersions)).sort((x, y) => x.id - y.id);
    const published = await stored();
    expect(published.at(-1)!.changed).toEqual([a.code]);
    await server.deps.db.update(questionnaireVersions).set({ changedCodes: [] });
    const backfill = readFileSync(new URL('../../../migrations/0008_content_releases.sql', import.meta.url), 'utf8').split('--> statement-breakpoint').at(-1)!;
    await server.deps.db.execute(sql.raw(backfill));
    // 0008 listed every code of the first version; 0009 clears them, as changedCodes(null, …) does.
    expect((await stored())[0]!.changed.length).toBeGreaterThan(0);
    await server.deps.db.execute(sql.raw(readFileSync(new URL('../../../migrations/0009_first_release.sql', import.meta.url), 'utf8')));
    expect(await stored()).toEqual(published);
  });

  it('publishes admin edits as releases with a required release note', async () => {
    const sys = await signInSystemAdmin(server);
    const current = await loadVersionQuestions(server.deps, await currentVersionId(server.deps));
    const q = current.find((x) => !x.critical)!;
    const { code: _code, ...def } = toDef(q);
    const input = { ...def, questionText: `${q.questionText} (clarified)` };
    const put = (releaseNote: string) => api(sys).admin.questions[':id'].$put({ param: { id: q.id }, json: { ...input, releaseNote } });
    expect((await refusalOf(put('  short '), 400)).error).toBe(CONTENT_MSG.releaseNoteRequired);
    const missing = await server.json('PUT', `/api/admin/questions/${q.id}`, input, sys.accessToken);
    expect(missing.status).toBe(400);
    expect((missing.body as { error: string }).error).toBe(CONTENT_MSG.releaseNoteRequired);
    // A delete publishes too, so it needs a note as well.
    expect((await refusalOf(api(sys).admin.questions[':id'].$delete({ param: { id: q.id }, query: { releaseNote: '' } }), 400)).error).toBe(CONTENT_MSG.releaseNoteRequired);

    const edited = await bodyOf(put('Clarified the wording after an agency FAQ.'));
    const [latest] = (await releases(member)).releases;
    expect(latest).toMatchObject({ version_id: edited.version_id, notes: 'Clarified the wording after an agency FAQ.', changed: [q.code] });
  });
});
