// Content releases (ADR 038) in a real browser against the real server: an assessment in progress
// is told that a newer release changes one of its questions; the org_admin moves it there after a
// confirmation that says how many answers are kept and how many questions are asked again; the
// questionnaire then shows the kept answer and asks the changed question again. "What changed"
// lists the release. The dashboard tells of the release too. At 1280 and 390 px, axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { publishVersion } from '#server/features/questions/index.ts';
import { asTestServer, newOrgAdminSignedIn, pageToken, setApplicability } from './assessment-helpers.ts';
import { axeViolations, collectErrors, HAS_CHROMIUM, shotAtBothWidths, startHarness, tabTo, type Harness } from './harness.ts';

const NOTES = 'Reworded one question after the agency published new terms.';

describe.skipIf(!HAS_CHROMIUM)('content releases: the notice and the move (Chromium)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('tells the organization, moves on the org_admin’s confirmation keeping the unchanged answer, and lists the release', { timeout: 240_000 }, async () => {
    const ctx = await h.newContext({ serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await newOrgAdminSignedIn(h, page, { firstName: 'Rhea', lastName: 'Stone', email: `releases-${Date.now()}@quarry.test`, organizationName: 'Quarry Labs' });
    await setApplicability(h, page);
    const server = asTestServer(h);
    const token = await pageToken(page);
    const created = await server.json('POST', '/api/assessments/create', { organizationId: (await server.json('GET', '/api/auth/profile', undefined, token)).body.organization.id }, token);
    expect(created.status).toBe(201);
    const id = created.body.assessmentId as string;
    const asked = (await server.json('GET', `/api/questions?assessmentId=${id}`, undefined, token)).body as { id: string; code: string; question_text: string }[];
    const [kept, changed] = [asked[0]!, asked[1]!];
    for (const q of [kept, changed]) expect((await server.json('POST', `/api/assessments/${id}/responses`, { questionId: q.id, answer: 'yes' }, token)).status).toBe(200);

    // A newer release rewords the second answered question.
    const bank = QUESTION_BANK.map((q) => (q.code === changed.code ? { ...q, questionText: `${q.questionText} (as reworded)` } : q));
    await publishVersion(h.server.deps, bank, null, 'v-e2e', null, undefined, { notes: NOTES, sources: [] });

    // The dashboard says so too, and leads to the assessment.
    await page.goto('/dashboard');
    const prompt = page.getByRole('status').filter({ hasText: CONTENT_MSG.releaseNoticeTitle });
    await prompt.getByText(CONTENT_MSG.releaseNotice('v-e2e', 1, 0, 0)).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'releases-dashboard');
    await prompt.getByRole('link', { name: CONTENT_MSG.releaseOpenAssessment }).click();
    await page.waitForURL(`**/assessment/${id}`);
    const notice = page.getByRole('status').filter({ hasText: CONTENT_MSG.releaseNoticeTitle });
    await notice.waitFor();
    await notice.getByText(CONTENT_MSG.releaseNotice('v-e2e', 1, 0, 0)).waitFor();
    await page.getByTestId('overall-progress').filter({ hasText: '2 of' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'releases-notice');

    // The move is explicit: a confirmation with what is kept and what is asked again.
    const moveButton = notice.getByRole('button', { name: CONTENT_MSG.releaseMoveAction });
    await tabTo(page, moveButton, 80);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: CONTENT_MSG.releaseMoveConfirmTitle });
    await dialog.getByText(CONTENT_MSG.releaseMoveConfirm(1, 1)).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'releases-confirm');
    await dialog.getByRole('button', { name: CONTENT_MSG.releaseMoveAction }).click();

    await page.getByText(CONTENT_MSG.releaseMoved('v-e2e')).waitFor();
    await notice.waitFor({ state: 'detached' });
    // The unchanged answer stayed; the questionnaire resumes at the reworded question, asked again.
    await page.getByTestId('overall-progress').filter({ hasText: '1 of' }).waitFor();
    await page.getByText(`${changed.question_text} (as reworded)`).first().waitFor();
    expect(await page.getByTestId('question-code').textContent()).toContain(changed.code);
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'releases-moved');

    // "What changed" from the help footer lists the release with its notes and the changed code.
    await page.getByRole('navigation', { name: 'Help' }).getByRole('link', { name: 'What changed' }).click();
    await page.getByRole('heading', { name: CONTENT_MSG.releasesTitle, level: 1 }).waitFor();
    const release = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Release v-e2e/ }) });
    await release.getByText(NOTES).waitFor();
    await release.getByText(changed.code, { exact: true }).waitFor();
    // The first release is where the log starts: it says so instead of listing every code.
    const releases = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Release / }) });
    await releases.last().getByText(CONTENT_MSG.releaseFirst).waitFor();
    expect(await releases.filter({ hasText: CONTENT_MSG.releaseFirst }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await shotAtBothWidths(page, 'releases-page');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
