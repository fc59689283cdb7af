// Sign-out leaves nothing of the organization on the device (localStorage, sessionStorage,
// IndexedDB), except unsent changes the user chose to keep: those only their own next sign-in sends.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { createOrgAdmin, inviteAndAccept, removeMember, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import type { TestServer } from '#tests/setup/app.ts';
import { answerWithKeyboard, asTestServer } from './assessment-helpers.ts';
import { collectErrors, HAS_CHROMIUM, saveShot, logOut, savedReadUsers, signIn, startHarness, type Harness } from './harness.ts';

/** Everything the page's origin keeps in storage, as one string (IndexedDB: every store of every database). */
async function deviceDump(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: Record<string, unknown> = { local: { ...localStorage }, session: { ...sessionStorage } };
    for (const name of await caches.keys()) out[`cache/${name}`] = (await (await caches.open(name)).keys()).map((r) => r.url).filter((u) => u.includes('/api/'));
    // workbox-expiration only mirrors Cache Storage's URLs and timestamps (checked above through the cache itself).
    for (const info of (await indexedDB.databases()).filter((d) => d.name !== 'workbox-expiration')) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        out[`${info.name}/${store}`] = await new Promise((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      }
      db.close();
    }
    return JSON.stringify(out, (_k, v: unknown) => (v instanceof ArrayBuffer ? `<${v.byteLength} bytes>` : v));
  });
}

async function outboxRows(page: Page): Promise<{ userId: string; kind: string; status: string; payload: { questionId: string } }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('mvrsp-sync');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('outbox').objectStore('outbox').getAll();
          req.onsuccess = () => {
            resolve(req.result);
            open.result.close();
          };
        };
      }),
  );
}

describe.skipIf(!HAS_CHROMIUM)('sign-out clears the device (Chromium)', () => {
  let h: Harness;
  let api: TestServer;
  let owner: Member;
  let teammate: Member;
  let submitted: string;
  let inProgress: string;
  let questionIds: string[];
  const ORG = 'Zephyr Polar Institute';

  beforeAll(async () => {
    h = await startHarness();
    api = asTestServer(h);
    owner = await createOrgAdmin(api, { organizationName: ORG, firstName: 'Orla', lastName: 'Quenby', email: `orla-${Date.now()}@zephyr.test` });
    teammate = await inviteAndAccept(api, owner, `tomas-${Date.now()}@zephyr.test`, { firstName: 'Tomas', lastName: 'Wexley' });
    questionIds = ((await api.json('GET', '/api/questions', undefined, owner.accessToken)).body as { id: string }[]).map((q) => q.id);
    // Blank starts: this test counts the answers a person gave, and a start from the submitted
    // assessment would carry all of them to re-confirm (ADR 019).
    const create = async () => (await api.json('POST', '/api/assessments/create', { organizationId: owner.organizationId, startFrom: 'blank' }, owner.accessToken)).body.assessmentId as string;
    submitted = await create();
    for (const questionId of questionIds) await api.json('POST', `/api/assessments/${submitted}/responses`, { questionId, answer: 'yes' }, owner.accessToken);
    expect((await api.json('POST', `/api/assessments/${submitted}/submit`, {}, owner.accessToken)).status).toBe(200);
    const admin = await signInSystemAdmin(api);
    await api.json('POST', `/api/admin/organizations/${owner.organizationId}/subscription`, { paidUntil: '2099-12-31' }, admin.accessToken);
    inProgress = await create();
    for (const questionId of questionIds.slice(0, 3)) await api.json('POST', `/api/assessments/${inProgress}/responses`, { questionId, answer: 'no' }, owner.accessToken);
  });
  afterAll(async () => {
    await h?.close();
  });

  const secrets = () => [ORG, owner.email, teammate.email, 'Quenby', 'Wexley', submitted, inProgress];

  it('Logout leaves no names, e-mails, answers, results or report of the organization', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signIn(page, owner.email, owner.password);
    await page.getByTestId('header-identity').getByText(ORG).waitFor();
    await page.goto('/organization');
    await page.getByText(teammate.email).filter({ visible: true }).first().waitFor();
    await page.goto(`/assessment/${submitted}`);
    await page.getByText(/Corrective action plan|Gap analysis/i).first().waitFor();
    await page.goto(`/assessment/${inProgress}`);
    await page.getByTestId('question-code').waitFor();
    await page.goto('/dashboard');
    await page.getByTestId('passed-assessments').waitFor();

    const before = await deviceDump(page);
    for (const s of [ORG, teammate.email, inProgress]) expect(before).toContain(s); // the caches were there

    await logOut(page);
    const after = await deviceDump(page);
    for (const s of secrets()) expect(after, `left on the device: ${s}`).not.toContain(s);
    // The service worker's reference cache keeps only the public config: no question bank, no domains.
    expect(after).not.toContain('/api/questions');
    expect(after).not.toContain('/api/domains');
    expect(await outboxRows(page)).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('unsent changes: the warning, then kept only for the same user, never sent by another', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signIn(page, owner.email, owner.password);
    await page.goto(`/assessment/${inProgress}`);
    await page.getByTestId('question-code').waitFor();
    // The offline sign-out loads /login from the service worker's precache: it must be installed
    // (active) before the device goes offline, as on any device that has opened the app once.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await ctx.setOffline(true);
    await answerWithKeyboard(page, 'yes');
    await page.locator('[data-sync-state="pending"]').waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out with unsent changes?' });
    await dialog.getByText('1 change has not been sent yet.').waitFor();
    await dialog.getByText(/You are offline/).waitFor();
    await saveShot(page, '/tmp/shots/spa/sign-out-warning.png');
    // Stay: nothing is lost, the page is still signed in.
    await dialog.getByRole('button', { name: 'Stay signed in and send' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/assessment/${inProgress}`);

    await page.getByRole('button', { name: 'Logout' }).click();
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Sign out and keep them' }).click();
    await reloaded;
    await page.waitForURL('**/login');
    const kept = await outboxRows(page);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ userId: owner.userId, kind: 'answer.set', status: 'pending' });
    const dump = await deviceDump(page);
    for (const s of [ORG, owner.email, teammate.email, 'Quenby', 'Wexley']) expect(dump).not.toContain(s);
    const serverAnswers = async () =>
      (await api.json('GET', `/api/assessments/${inProgress}/responses`, undefined, owner.accessToken)).body as { question_id: string; answer: string }[];
    const answers = async () => (await serverAnswers()).length;
    const keptQuestion = kept[0]!.payload.questionId;

    // Another user signs in online on the same device: the row is neither shown nor sent. The
    // teammate answers a question of their own (neither the kept one nor one answered before) and
    // waits until the server has it: this device's queue has then been sent for them, and the kept
    // row, older in the queue, would have gone first had it been theirs to send.
    await ctx.setOffline(false);
    await signIn(page, teammate.email, teammate.password);
    const ownQuestion = questionIds.at(-1)!;
    expect([keptQuestion, ...questionIds.slice(0, 3)]).not.toContain(ownQuestion);
    await page.goto(`/assessment/${inProgress}?q=${ownQuestion}`);
    await page.getByTestId('question-code').waitFor();
    await answerWithKeyboard(page, 'no');
    await expect.poll(async () => (await serverAnswers()).some((a) => a.question_id === ownQuestion), { timeout: 20_000 }).toBe(true);
    await page.locator('[data-sync-state="synced"]').waitFor();
    expect((await serverAnswers()).map((a) => a.question_id)).not.toContain(keptQuestion);
    expect(await answers()).toBe(4);
    expect(await page.locator('[data-sync-state="pending"]').count()).toBe(0);
    await logOut(page); // nothing of theirs is unsent: no warning
    expect(await outboxRows(page)).toHaveLength(1);

    // The same user signs in again: the kept change is sent.
    await signIn(page, owner.email, owner.password);
    await expect.poll(answers, { timeout: 20_000 }).toBe(5);
    expect((await serverAnswers()).find((a) => a.question_id === keptQuestion)?.answer).toBe('yes');
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 20_000 }).toBe(0);
    await ctx.close();
  });

  it('a sign-out that could not finish is finished by the next page the device opens', async () => {
    // Blocked service workers: page.route sees the sign-out's call to the auth provider and holds it.
    const ctx = await h.newContext({ serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signIn(page, owner.email, owner.password);
    await page.getByTestId('header-identity').getByText(ORG).waitFor();
    // The sign-out's call to end the session is never answered (a tab closed or left mid-way).
    await page.route('**/auth/v1/logout**', () => undefined);
    await page.getByRole('button', { name: 'Logout' }).click();
    // The clearing has begun: the saved reads (the profile among them) are gone.
    await expect.poll(() => savedReadUsers(page), { timeout: 15_000 }).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('mvrsp-auth-token'))).not.toBeNull();

    // The device's next page does not start half signed in: it finishes the sign-out.
    const next = await ctx.newPage();
    const nextErrors = collectErrors(next);
    await next.goto('/dashboard');
    await next.waitForURL('**/login');
    await next.getByRole('button', { name: /sign in/i }).first().waitFor();
    expect(await next.evaluate(() => localStorage.getItem('mvrsp-auth-token'))).toBeNull();
    expect(await next.getByTestId('header-identity').count()).toBe(0);
    const dump = await deviceDump(next);
    for (const s of secrets()) expect(dump, `left on the device: ${s}`).not.toContain(s);
    expect([...errors, ...nextErrors]).toEqual([]);
    await ctx.close();
  });

  it('a removed member who is still signed in is signed out and told why, on any page', async () => {
    const leaver = await inviteAndAccept(api, owner, `lee-${Date.now()}@zephyr.test`, { firstName: 'Lee', lastName: 'Leaver' });
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signIn(page, leaver.email, leaver.password);
    await page.getByTestId('header-identity').getByText(ORG).waitFor();
    // The app is left (its stored session stays) before the removal: an open page would notice the
    // removal by a request of its own and reload into /login with the reason, and a navigation that
    // came after that reload would start signed out, without it (CI, 2026-11-29).
    await page.goto('about:blank');
    await removeMember(api, owner, leaver.userId);
    // The app's first refused request reloads it into /login, which may interrupt this navigation.
    await page.goto(`/assessment/${submitted}`).catch((err: unknown) => {
      if (!/net::ERR_ABORTED|interrupted/.test(String(err))) throw err;
    });
    await page.waitForURL('**/login');
    // The old token's session is gone; the server says why (server/lib/auth.ts), not just "ended".
    const notice = page.getByText(MSG.accessRemoved);
    await notice.waitFor();
    await saveShot(page, '/tmp/shots/spa/removed-member-login.png');
    expect(await page.getByText('Failed to load dashboard data').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('mvrsp-auth-token'))).toBeNull();
    const dump = await deviceDump(page);
    for (const s of [ORG, leaver.email, owner.email]) expect(dump).not.toContain(s);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
