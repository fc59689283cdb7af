// Two teammates on one assessment in real browsers: an offline edit that collides with a teammate's
// answer opens the conflict dialog; Defer hands a question over and it shows in "Assigned to me".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrgAdmin, joinOrganization, type Member } from '#tests/isolation/fixtures.ts';
import { collectErrors, HAS_CHROMIUM, saveShot, shot, SHOTS_DIR, signInAs, startHarness, type Harness } from './harness.ts';
import { answerWithKeyboard, asTestServer, currentCode, nextWithKeyboard } from './assessment-helpers.ts';

describe.skipIf(!HAS_CHROMIUM)('assessment collaboration: conflicts and deferrals (Chromium)', () => {
  let h: Harness;
  let admin: Member;
  let teammate: Member;
  let assessmentId: string;
  let questions: { id: string; code: string }[];

  beforeAll(async () => {
    h = await startHarness();
    const api = asTestServer(h);
    admin = await createOrgAdmin(api, { organizationName: 'Harbor Institute', firstName: 'Ada', lastName: 'Admin' });
    teammate = await joinOrganization(api, admin.organizationId!, { firstName: 'Tess', lastName: 'Member' });
    const created = await api.json('POST', '/api/assessments/create', { organizationId: admin.organizationId }, admin.accessToken);
    assessmentId = created.body.assessmentId;
    questions = (await api.json('GET', `/api/questions?assessmentId=${assessmentId}`, undefined, admin.accessToken)).body;
  });
  afterAll(async () => {
    await h?.close();
  });

  const serverAnswer = async (questionId: string) => {
    const res = await asTestServer(h).json('GET', `/api/assessments/${assessmentId}/responses`, undefined, admin.accessToken);
    return (res.body as { question_id: string; answer: string }[]).find((a) => a.question_id === questionId)?.answer;
  };

  it('an offline answer that collides with a teammate opens the conflict dialog; Keep mine wins', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signInAs(h, page, admin.email, admin.password);
    await page.goto(`/assessment/${assessmentId}`);
    await page.getByTestId('question-code').waitFor();
    expect(await currentCode(page)).toBe(questions[0]!.code);

    await ctx.setOffline(true);
    // Meanwhile the teammate answers the same question Yes, online.
    const form = new FormData();
    form.set('questionId', questions[0]!.id);
    form.set('answer', 'yes');
    const res = await h.server.app.request(`/api/assessments/${assessmentId}/responses`, { method: 'POST', headers: { authorization: `Bearer ${teammate.accessToken}` }, body: form });
    expect(res.status).toBe(200);

    await answerWithKeyboard(page, 'no');
    await page.locator('[data-sync-state="pending"]').waitFor();
    await ctx.setOffline(false);
    await page.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('conflict-text').textContent()).toMatch(/^Tess Member answered Yes at .+; you answered No offline\.$/);
    await shot(page, 'conflict-dialog', false);
    expect(await page.getByTestId('submit-assessment').count()).toBe(0);

    await dialog.getByRole('button', { name: 'Keep mine (No)' }).click();
    await page.locator('[data-sync-state="synced"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => serverAnswer(questions[0]!.id)).toBe('no');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('Defer lists the other users, moves on, and the question shows in the teammate\'s "Assigned to me"', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signInAs(h, page, admin.email, admin.password);
    await page.goto(`/assessment/${assessmentId}`);
    await page.getByTestId('question-code').waitFor();
    // Resumes at the team's first unanswered question (also when the first pull lands late).
    await page.getByTestId('question-code').getByText(questions[1]!.code, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Defer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Tess Member').waitFor();
    expect(await dialog.getByText('Ada Admin').count()).toBe(0);
    await dialog.getByLabel(/Tess Member/).check();
    await dialog.getByRole('button', { name: 'Defer to Tess Member' }).click();
    await page.waitForFunction((code) => document.querySelector('[data-testid="question-code"]')?.textContent?.trim() !== code, questions[1]!.code);
    expect(await currentCode(page)).toBe(questions[2]!.code);
    await page.getByRole('button', { name: 'Previous' }).click();
    const holder = page.getByTestId('deferral-holder');
    await holder.getByText(/Deferred to Tess Member/).waitFor();
    // Sent to the server before this device goes away.
    await holder.getByText('(not sent yet)').waitFor({ state: 'detached', timeout: 20_000 });
    await ctx.close();

    const phone = await h.newContext({ width: 390, height: 844 });
    const p2 = await phone.newPage();
    await signInAs(h, p2, teammate.email, teammate.password);
    const assigned = p2.getByTestId('assigned-to-me');
    await assigned.waitFor({ timeout: 20_000 });
    await shot(p2, 'dashboard-assigned-phone');
    await assigned.getByRole('link', { name: 'Answer' }).click();
    await p2.getByTestId('deferral-holder').getByText('Assigned to you by Ada Admin.').waitFor();
    expect(await currentCode(p2)).toBe(questions[1]!.code);
    expect(await p2.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(p2, 'questionnaire-phone');
    await answerWithKeyboard(p2, 'yes');
    await nextWithKeyboard(p2);
    await expect.poll(() => serverAnswer(questions[1]!.id), { timeout: 20_000 }).toBe('yes');
    await phone.close();
  });

  it('evidence attached offline waits on the device and uploads when the network is back', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signInAs(h, page, admin.email, admin.password);
    const q = questions[3]!;
    await page.goto(`/assessment/${assessmentId}?q=${q.id}`);
    await page.getByTestId('question-code').getByText(q.code).waitFor();
    await ctx.setOffline(true);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n% offline evidence\n');
    await page.locator('input[type="file"][multiple]').setInputFiles({ name: 'training-roster.pdf', mimeType: 'application/pdf', buffer: pdf });
    const file = page.getByTestId('evidence-file').filter({ hasText: 'training-roster.pdf' });
    await file.getByText('Queued').waitFor();
    const listed = async () => {
      const res = await asTestServer(h).json('GET', `/api/assessments/${assessmentId}/evidence`, undefined, admin.accessToken);
      return (res.body as { file_name: string; status: string }[]).filter((e) => e.file_name === 'training-roster.pdf');
    };
    expect(await listed()).toEqual([]);
    await ctx.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await file.getByText('Uploaded').waitFor({ timeout: 30_000 });
    expect((await listed()).map((e) => e.status)).toEqual(['attached']);
    await ctx.close();
  });

  it('evidence: a picked file is queued, uploaded and listed beside the question; an oversized one is refused', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signInAs(h, page, admin.email, admin.password);
    await page.goto(`/assessment/${assessmentId}?q=${questions[0]!.id}`);
    await page.getByTestId('question-code').getByText(questions[0]!.code).waitFor();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await page.locator('input[type="file"][multiple]').setInputFiles({ name: 'contact-page.pdf', mimeType: 'application/pdf', buffer: pdf });
    const file = page.getByTestId('evidence-file').filter({ hasText: 'contact-page.pdf' });
    await file.getByText('Uploaded').waitFor({ timeout: 20_000 });
    const big = Buffer.alloc(26 * 1024 * 1024, 0x20);
    big.write('%PDF-1.4', 0);
    await page.locator('input[type="file"][multiple]').setInputFiles(await h.fileOnDisk('scan.pdf', big));
    await page.getByText('Too large').waitFor();
    await saveShot(page.locator('aside'), `${SHOTS_DIR}/evidence-panel.png`);
    await ctx.close();
  });

  it("a teammate's evidence shows in the panel on another browser and downloads", async () => {
    const q = questions[2]!;
    const ctxA = await h.newContext();
    const a = await ctxA.newPage();
    await signInAs(h, a, admin.email, admin.password);
    await a.goto(`/assessment/${assessmentId}?q=${q.id}`);
    await a.getByTestId('question-code').getByText(q.code).waitFor();
    const body = '%PDF-1.4\n% training roster\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
    await a.locator('input[type="file"][multiple]').setInputFiles({ name: 'training-roster.pdf', mimeType: 'application/pdf', buffer: Buffer.from(body) });
    await a.getByTestId('evidence-file').filter({ hasText: 'training-roster.pdf' }).getByText('Uploaded').waitFor({ timeout: 20_000 });
    await ctxA.close();

    const ctxB = await h.newContext();
    const b = await ctxB.newPage();
    const errors = collectErrors(b);
    await signInAs(h, b, teammate.email, teammate.password);
    await b.goto(`/assessment/${assessmentId}?q=${q.id}`);
    await b.getByTestId('question-code').getByText(q.code).waitFor();
    const row = b.getByTestId('evidence-file').filter({ hasText: 'training-roster.pdf' });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getByTestId('evidence-meta').textContent()).toContain('Ada Admin');
    await row.getByText('Uploaded').waitFor();
    await saveShot(row, `${SHOTS_DIR}/evidence-teammate-file.png`);
    await b.setViewportSize({ width: 390, height: 844 });
    expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.scrollIntoViewIfNeeded();
    await shot(b, 'evidence-teammate-phone', false);
    const [download] = await Promise.all([b.waitForEvent('download'), row.getByRole('button', { name: 'Download training-roster.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('training-roster.pdf');
    const saved = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(saved).toString()).toBe(body);
    expect(errors).toEqual([]);
    await ctxB.close();
  });

  it('two teammates answer one question offline; the later one sees the conflict and takes theirs', async () => {
    const q = questions[10]!;
    const open = async (who: Member) => {
      const ctx = await h.newContext();
      const page = await ctx.newPage();
      await signInAs(h, page, who.email, who.password);
      await page.goto(`/assessment/${assessmentId}?q=${q.id}`);
      await page.getByTestId('question-code').getByText(q.code).waitFor();
      return { ctx, page };
    };
    const tess = await open(teammate);
    const ada = await open(admin);
    const errors = collectErrors(ada.page);
    await tess.ctx.setOffline(true);
    await ada.ctx.setOffline(true);
    await answerWithKeyboard(tess.page, 'yes');
    await answerWithKeyboard(ada.page, 'no');
    await tess.page.locator('[data-sync-state="pending"]').waitFor();
    await ada.page.locator('[data-sync-state="pending"]').waitFor();

    // Tess reconnects first: her answer is applied.
    await tess.ctx.setOffline(false);
    await tess.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await tess.page.locator('[data-sync-state="synced"]').waitFor({ timeout: 20_000 });
    expect(await serverAnswer(q.id)).toBe('yes');

    // Ada reconnects: her offline No was based on no answer at all, so it comes back as a conflict.
    await ada.ctx.setOffline(false);
    await ada.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await ada.page.locator('[data-sync-state="conflict"]').waitFor({ timeout: 20_000 });
    expect(await serverAnswer(q.id)).toBe('yes');
    await ada.page.getByRole('button', { name: 'Review' }).click();
    const dialog = ada.page.getByRole('dialog');
    expect(await ada.page.getByTestId('conflict-text').textContent()).toMatch(/^Tess Member answered Yes at .+; you answered No offline\.$/);
    await dialog.getByRole('button', { name: /Use theirs/ }).click();
    await ada.page.locator('[data-sync-state="synced"]').waitFor({ timeout: 20_000 });
    await ada.page.locator('[data-testid="answer-yes"][aria-pressed="true"]').waitFor();
    expect(await serverAnswer(q.id)).toBe('yes');
    expect(errors).toEqual([]);
    await tess.ctx.close();
    await ada.ctx.close();
  });

  it('on a slow network the page opens on this device\'s answers, then resumes where the team is once the pull lands', async () => {
    // A team of its own: the admin has answered the first two questions on the server.
    const api = asTestServer(h);
    const lead = await createOrgAdmin(api, { organizationName: 'Slow Link Lab', firstName: 'Lee', lastName: 'Lead' });
    const member = await joinOrganization(api, lead.organizationId!, { firstName: 'Mo', lastName: 'Member' });
    const id = (await api.json('POST', '/api/assessments/create', { organizationId: lead.organizationId }, lead.accessToken)).body.assessmentId as string;
    const qs = (await api.json('GET', `/api/questions?assessmentId=${id}`, undefined, lead.accessToken)).body as { id: string; code: string }[];
    for (const q of qs.slice(0, 2)) {
      const form = new FormData();
      form.set('questionId', q.id);
      form.set('answer', 'yes');
      expect((await h.server.app.request(`/api/assessments/${id}/responses`, { method: 'POST', headers: { authorization: `Bearer ${lead.accessToken}` }, body: form })).status).toBe(200);
    }

    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signInAs(h, page, member.email, member.password);
    // Every pull of this fresh device is held until the page has stopped waiting for it (4 s) and
    // opened on what the device has.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await ctx.route('**/api/sync/pull**', async (route) => {
      held++;
      await released;
      await route.continue();
    });
    await page.goto(`/assessment/${id}`);
    await page.getByTestId('question-code').getByText(qs[0]!.code, { exact: true }).waitFor();
    release();
    // Once the pull lands the page moves on by itself to the team's first unanswered question.
    await page.getByTestId('question-code').getByText(qs[2]!.code, { exact: true }).waitFor({ timeout: 20_000 });
    expect(held).toBeGreaterThan(0);
    await ctx.close();
  });
});
