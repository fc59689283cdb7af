// Component test in real Chromium (vitest project 'component'): the questionnaire over a small bank
// (two questions in each of two domains, from the real bank) with a sync runtime whose database is
// real IndexedDB and whose "server" is scripted by the test (tests/component/fake-runtime.ts).
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { AnswerView } from '#domain/contracts/sync.ts';
import { ASSESSMENT_ID, ME, ORG_ID, TEAMMATE, smallQuestionnaire } from '../../../../../tests/component/bank.ts';
import { answerEach, type FakeServer } from '../../../../../tests/component/fake-runtime.ts';
import { useFakeRuntimeMounts } from '../../../../../tests/component/questionnaire-harness.tsx';
import { CRITICAL_NOTE } from './question-card.tsx';
import { Questionnaire } from './questionnaire.tsx';

const DATA = smallQuestionnaire(2);
const [D1Q1, D1Q2, D2Q1, D2Q2] = DATA.questions;

const view = (questionId: string, answer: 'yes' | 'no', version: number, by = ME): AnswerView => ({
  question_id: questionId,
  answer,
  origin: 'answered',
  version,
  updated_by: by.id,
  updated_by_name: `${by.first_name} ${by.last_name}`,
  updated_at: '2026-11-20T10:00:00.000Z',
});

describe('Questionnaire', () => {
  const mount = useFakeRuntimeMounts();

  function open(server?: Partial<FakeServer>, initialQuestionId?: string) {
    return mount({ caller: { userId: ME.id, orgId: ORG_ID }, server }, (runtime) => (
      <Questionnaire assessmentId={ASSESSMENT_ID} data={DATA} runtime={runtime} userId={ME.id} members={[ME, TEAMMATE]} initialQuestionId={initialQuestionId} />
    ));
  }

  const questionText = () => page.getByRole('heading', { level: 2 });
  const position = () => page.getByTestId('question-position');
  const yes = () => page.getByRole('button', { name: /^Yes/ });
  const no = () => page.getByRole('button', { name: /^No/ });
  const next = () => page.getByRole('button', { name: 'Next' });
  const tab = (name: string) => page.getByRole('tab', { name: new RegExp(name.replace(/[+]/g, '\\+')) });

  it('stores Yes on this device and asks the sync to send it', async () => {
    const rt = open();
    await expect.element(questionText()).toHaveTextContent(D1Q1!.question_text);
    await yes().click();
    await expect.element(yes()).toHaveAttribute('aria-pressed', 'true');

    // Read back from IndexedDB: the answer and its outbox row, written by the real save.
    await expect.poll(async () => (await rt.db.answers.get([ASSESSMENT_ID, D1Q1!.id]))?.value).toBe('yes');
    const rows = await rt.db.outbox.where('assessmentId').equals(ASSESSMENT_ID).toArray();
    expect(rows.map((r) => [r.kind, r.payload, r.userId])).toEqual([['answer.set', { questionId: D1Q1!.id, value: 'yes' }, ME.id]]);

    // The sync was told, and the engine pushed the mutation; with no connection it stays on the device.
    expect(rt.calls).toContainEqual({ kind: 'enqueued' });
    await expect.poll(() => rt.pushes().flatMap((b) => b.mutations.map((m) => [m.kind, m.assessmentId, m.payload]))).toContainEqual(['answer.set', ASSESSMENT_ID, { questionId: D1Q1!.id, value: 'yes' }]);
    await expect.element(page.getByTestId('sync-mark')).toHaveTextContent('Saved on this device');
    await expect.element(page.getByTestId('overall-progress')).toHaveTextContent('1 of 4 answered');
  });

  it('shows Synced once the server applies the answer', async () => {
    const rt = open({ push: (body) => answerEach(body, (m) => ({ status: 'applied', answer: view((m.payload as { questionId: string }).questionId, 'yes', 1) })) });
    await yes().click();
    await expect.element(page.getByTestId('sync-mark')).toHaveTextContent('Synced');
    expect((await rt.db.answers.get([ASSESSMENT_ID, D1Q1!.id]))?.syncState).toBe('synced');
    expect(await rt.db.outbox.count()).toBe(0);
  });

  it('keeps Next disabled until the question is answered', async () => {
    open();
    await expect.element(position()).toHaveTextContent('Question 1 of 2');
    await expect.element(next()).toBeDisabled();
    await no().click();
    await expect.element(next()).toBeEnabled();
    await next().click();
    await expect.element(questionText()).toHaveTextContent(D1Q2!.question_text);
    await expect.element(position()).toHaveTextContent('Question 2 of 2');
    await expect.element(next()).toBeDisabled();
  });

  it('opens a domain at its first question when its tab is chosen', async () => {
    open();
    const [first, second] = DATA.domains;
    await yes().click();
    await next().click();
    await expect.element(questionText()).toHaveTextContent(D1Q2!.question_text);

    await tab(second!.name).click();
    await expect.element(tab(second!.name)).toHaveAttribute('aria-selected', 'true');
    await expect.element(questionText()).toHaveTextContent(D2Q1!.question_text);
    await yes().click();
    await next().click();
    await expect.element(questionText()).toHaveTextContent(D2Q2!.question_text);

    // Back to the first domain: its first question, not the one left on.
    await tab(first!.name).click();
    await expect.element(tab(first!.name)).toHaveAttribute('aria-selected', 'true');
    await expect.element(questionText()).toHaveTextContent(D1Q1!.question_text);
    await expect.element(position()).toHaveTextContent('Question 1 of 2');
    await expect.element(tab(first!.name)).toHaveTextContent('1/2 answered');
  });

  it('reads "Submit Assessment" on the last question, and only there', async () => {
    open();
    for (const q of [D1Q1, D1Q2, D2Q1]) {
      await expect.element(questionText()).toHaveTextContent(q!.question_text);
      await expect.element(page.getByTestId('submit-assessment')).not.toBeInTheDocument();
      await yes().click();
      await next().click();
    }
    await expect.element(questionText()).toHaveTextContent(D2Q2!.question_text);
    const submit = page.getByTestId('submit-assessment');
    await expect.element(submit).toHaveTextContent('Submit Assessment');
    await expect.element(submit).toBeDisabled();
    await expect.element(page.getByTestId('next-question')).not.toBeInTheDocument();
    await yes().click();
    await expect.element(submit).toBeEnabled();
  });

  it('shows the server’s reason when an answer is not accepted', async () => {
    const reason = 'This question is not part of the assessment’s questionnaire';
    const rt = open({ push: (body) => answerEach(body, () => ({ status: 'rejected', error: { code: 'validation_failed', message: reason } })) });
    await no().click();
    await expect.element(page.getByTestId('sync-mark')).toHaveTextContent(`Not accepted${reason}`);
    const stored = await rt.db.answers.get([ASSESSMENT_ID, D1Q1!.id]);
    expect([stored?.value, stored?.syncState, stored?.error?.message]).toEqual(['no', 'rejected', reason]);
  });

  it('shows a teammate’s conflicting answer and sends mine again on "Keep mine"', async () => {
    const theirs = view(D1Q1!.id, 'yes', 2, TEAMMATE);
    const rt = open({
      push: (body) => answerEach(body, () => ({ status: 'conflict', answer: theirs, error: { code: 'conflict', message: 'A teammate changed this answer' } })),
    });
    await no().click();
    const banner = page.getByRole('alert').filter({ hasText: 'changed by a teammate' });
    await expect.element(banner).toHaveTextContent('1 answer changed by a teammate while you were offline. Resolve it before submitting.');
    await banner.getByRole('button', { name: 'Review' }).click();
    await expect.element(page.getByTestId('conflict-text')).toHaveTextContent(/^Grace Hopper answered Yes at .+; you answered No offline\.$/);

    const before = rt.pushes().length;
    rt.setServer({ push: (body) => answerEach(body, () => ({ status: 'applied', answer: view(D1Q1!.id, 'no', 3) })) });
    await page.getByRole('button', { name: 'Keep mine (No)' }).click();
    await expect.element(page.getByTestId('sync-mark')).toHaveTextContent('Synced');
    await expect.element(banner).not.toBeInTheDocument();
    // Mine went out again on top of their version.
    const resent = rt.pushes().slice(before).flatMap((b) => b.mutations);
    expect(resent.map((m) => [m.payload, m.baseVersion])).toEqual([[{ questionId: D1Q1!.id, value: 'no' }, 2]]);
    const stored = await rt.db.answers.get([ASSESSMENT_ID, D1Q1!.id]);
    expect([stored?.value, stored?.syncState, stored?.conflict]).toEqual(['no', 'synced', undefined]);
  });

  it('says next to the Critical badge what a No there means, and shows neither on other questions', async () => {
    const data = { ...DATA, questions: DATA.questions.map((q, i) => ({ ...q, critical: i === 0 })) };
    mount({ caller: { userId: ME.id, orgId: ORG_ID } }, (runtime) => (
      <Questionnaire assessmentId={ASSESSMENT_ID} data={data} runtime={runtime} userId={ME.id} members={[ME, TEAMMATE]} />
    ));
    const note = page.getByTestId('critical-note');
    await expect.element(note).toHaveTextContent(`Critical${CRITICAL_NOTE}`);
    await expect.element(note.getByText(CRITICAL_NOTE)).toBeVisible();
    await no().click();
    await next().click();
    await expect.element(questionText()).toHaveTextContent(D1Q2!.question_text);
    await expect.element(note).not.toBeInTheDocument();
  });
});
