// Helpers for the questionnaire / results browser tests (they drive the real UI and the real API).
import type { Page } from 'playwright-core';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import { scoreAssessment } from '#domain/scoring/scoring.ts';
import type { AnswerMap } from '#domain/scoring/types.ts';
import type { TestServer } from '../setup/app.ts';
import type { Harness } from './harness.ts';

/** The harness server with the JSON helper the account fixtures expect. */
export function asTestServer(h: Harness): TestServer {
  const json: TestServer['json'] = async (method, path, body, token) => {
    const headers: Record<string, string> = { apikey: EMBEDDED_ANON_KEY };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await h.server.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  return { ...h.server, mail: h.mail, json };
}

/** The signed-in user's access token, read from the page's stored session. */
export async function pageToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('mvrsp-auth-token');
    const token = raw ? (JSON.parse(raw) as { access_token?: string }).access_token : undefined;
    if (!token) throw new Error('no stored session');
    return token;
  });
}

export async function currentCode(page: Page): Promise<string> {
  return ((await page.getByTestId('question-code').textContent()) ?? '').trim();
}

/** Answers the question on screen with the keyboard and waits until the choice shows as pressed. */
export async function answerWithKeyboard(page: Page, value: 'yes' | 'no'): Promise<void> {
  await page.keyboard.press(value === 'yes' ? 'y' : 'n');
  await page.locator(`[data-testid="answer-${value}"][aria-pressed="true"]`).waitFor();
}

/** Moves to the next question with → and waits for a different question code. */
export async function nextWithKeyboard(page: Page): Promise<void> {
  const before = await currentCode(page);
  await page.locator('[data-testid="next-question"]:not([disabled])').waitFor();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((code) => document.querySelector('[data-testid="question-code"]')?.textContent?.trim() !== code, before);
}

/** Local answers on this device that are not synced yet (read straight from IndexedDB). */
export async function unsyncedCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('mvrsp-sync');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('answers').objectStore('answers').getAll();
          req.onsuccess = () => {
            resolve((req.result as { syncState: string }[]).filter((a) => a.syncState !== 'synced').length);
            open.result.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** The result the domain's scoring gives for answers keyed by question code. */
export function expectedResult(answersByCode: Record<string, 'yes' | 'no'>) {
  const questions = QUESTION_BANK.map((q) => ({ ...q, id: q.code }));
  return scoreAssessment(questions, answersByCode as AnswerMap, DOMAINS);
}
