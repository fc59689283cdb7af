// Helpers for the questionnaire / results browser tests (they drive the real UI and the real API).
import type { Page } from 'playwright-core';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import {
  ACTIVITIES,
  ACTIVITY_LABELS,
  FUNDING_AGENCIES,
  FUNDING_AGENCY_LABELS,
  INSTRUMENT_LABELS,
  INSTRUMENTS,
  instrumentsOf,
  ORGANIZATION_KIND_LABELS,
  PROFILE_WITH_EVERY_DUTY,
  type ApplicabilityProfile,
} from '#domain/questions/applicability.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import { scoreAssessment } from '#domain/scoring/scoring.ts';
import type { AnswerMap } from '#domain/scoring/types.ts';
import type { TestServer } from '../setup/app.ts';
import { createOrgAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { signInAs, type Harness } from './harness.ts';

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

/**
 * A new organization whose org_admin is made on the server (tests/isolation/fixtures.ts, through the
 * embedded provider and POST /api/auth/signup in process), then signed in on the page without the
 * forms: for tests whose subject comes after sign-up (shell.test.ts signs up through the wizard).
 * The applicability profile is left unset, as after sign-up. Lands on the dashboard.
 */
export async function newOrgAdminSignedIn(
  h: Harness,
  page: Page,
  u: { firstName: string; lastName: string; email: string; organizationName: string },
): Promise<Member> {
  const admin = await createOrgAdmin(asTestServer(h), { ...u, applicability: null });
  await signInAs(h, page, admin.email, admin.password);
  return admin;
}

/**
 * Sets the organization's applicability profile with the page's signed-in org_admin (PUT
 * /api/organization/applicability), for tests whose subject is not the profile form. Default:
 * every duty, so every question of the bank is asked.
 */
export async function setApplicability(h: Harness, page: Page, profile: ApplicabilityProfile = PROFILE_WITH_EVERY_DUTY): Promise<void> {
  const res = await asTestServer(h).json('PUT', '/api/organization/applicability', profile, await pageToken(page));
  if (res.status !== 200) throw new Error(`PUT /api/organization/applicability answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** Fills the applicability profile form on the page (start gate or Organization page) with `profile`; does not save. */
export async function fillApplicabilityForm(page: Page, profile: ApplicabilityProfile): Promise<void> {
  const form = page.getByRole('form', { name: 'Applicability profile' });
  await form.getByRole('radio', { name: ORGANIZATION_KIND_LABELS[profile.kind] }).check();
  const covered = form.getByRole('checkbox', { name: 'The organization is a covered institution' });
  if (profile.kind !== 'company') await covered.setChecked(profile.covered);
  for (const a of FUNDING_AGENCIES) await form.getByRole('checkbox', { name: FUNDING_AGENCY_LABELS[a], exact: true }).setChecked(profile.agencies.includes(a));
  // How each agency funds it, in that agency's group (a profile without instruments: both).
  for (const a of profile.agencies) {
    const group = form.getByRole('group', { name: FUNDING_AGENCY_LABELS[a], exact: true });
    for (const i of INSTRUMENTS) await group.getByRole('checkbox', { name: INSTRUMENT_LABELS[i], exact: true }).setChecked(instrumentsOf(profile, a).includes(i));
  }
  for (const a of ACTIVITIES) await form.getByRole('checkbox', { name: ACTIVITY_LABELS[a], exact: true }).setChecked(profile.activities.includes(a));
}

/** Does the question on screen show the gate marker (a question that must be met to pass)? */
export async function gateShown(page: Page): Promise<boolean> {
  return (await page.locator('section[aria-labelledby="question-text"]').getByText('Critical', { exact: true }).count()) > 0;
}

/**
 * Answers every question of the questionnaire on screen with `answer`, from the first, and
 * returns each question's code and whether it showed the gate marker, in the order asked.
 */
export async function answerEveryQuestion(page: Page, answer: 'yes' | 'no' = 'yes'): Promise<{ code: string; gate: boolean }[]> {
  const seen: { code: string; gate: boolean }[] = [];
  await page.getByTestId('question-code').waitFor();
  const count = Number(/of (\d+) answered/.exec((await page.getByTestId('overall-progress').textContent()) ?? '')?.[1]);
  for (let i = 0; i < count; i++) {
    seen.push({ code: await currentCode(page), gate: await gateShown(page) });
    await answerWithKeyboard(page, answer);
    if (i < count - 1) await nextWithKeyboard(page);
  }
  return seen;
}
