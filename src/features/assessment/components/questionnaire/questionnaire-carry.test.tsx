// Component test in real Chromium: re-confirmation in the questionnaire (ADR 019). The answers
// carried from the last assessment arrive by the real pull merge (src/sync/pull.ts) from a scripted
// server (tests/component/fake-runtime.ts); confirmations are written by the real answer save into
// real IndexedDB and read back there.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { AnswerOrigin } from '#domain/contracts/enums.ts';
import type { AnswerView, PullResponse } from '#domain/contracts/sync.ts';
import { AppDialogHost } from '../../../../components/ui/app-dialog-host.tsx';
import { ASSESSMENT_ID, ME, ORG_ID, TEAMMATE, smallQuestionnaire } from '../../../../../tests/component/bank.ts';
import type { FakeRuntime } from '../../../../../tests/component/fake-runtime.ts';
import { useFakeRuntimeMounts } from '../../../../../tests/component/questionnaire-harness.tsx';
import { TO_CONFIRM_NOTE } from './question-card.tsx';
import { Questionnaire } from './questionnaire.tsx';

const BASE = smallQuestionnaire(2);
// The second domain's first question is new since the last assessment, its second one reworded.
const DATA = { ...BASE, questions: BASE.questions.map((q, i) => ({ ...q, novelty: i === 2 ? ('new' as const) : i === 3 ? ('changed' as const) : null })) };
const [D1Q1, D1Q2, D2Q1, D2Q2] = DATA.questions;
const [DOMAIN1] = DATA.domains;

const carried = (questionId: string, answer: 'yes' | 'no', origin: AnswerOrigin = 'carried', version = 1): AnswerView => ({
  question_id: questionId,
  answer,
  origin,
  version,
  updated_by: TEAMMATE.id,
  updated_by_name: `${TEAMMATE.first_name} ${TEAMMATE.last_name}`,
  updated_at: '2026-08-20T10:00:00.000Z',
});

const pulled = (answers: AnswerView[]): PullResponse => ({ answers, deferrals: [], assessment: { status: 'in_progress', submitted_at: null }, evidence: [], cursor: null });

describe('Questionnaire: answers carried from the last assessment', () => {
  const mount = useFakeRuntimeMounts();

  /** Opens the questionnaire after the pull brought D1Q1 (yes) and D1Q2 (no) carried to re-confirm. */
  async function open(): Promise<FakeRuntime> {
    const rt = mount({ caller: { userId: ME.id, orgId: ORG_ID }, server: { pull: () => ({ ok: true, value: pulled([carried(D1Q1!.id, 'yes'), carried(D1Q2!.id, 'no')]) }) } }, (runtime) => (
      <>
        <Questionnaire assessmentId={ASSESSMENT_ID} data={DATA} runtime={runtime} userId={ME.id} members={[ME, TEAMMATE]} />
        <AppDialogHost />
      </>
    ));
    expect(await rt.engine.pull(ASSESSMENT_ID)).toBeNull();
    return rt;
  }

  const questionText = () => page.getByRole('heading', { level: 2 });
  const yes = () => page.getByRole('button', { name: /^Yes/ });
  const no = () => page.getByRole('button', { name: /^No/ });
  const next = () => page.getByRole('button', { name: 'Next' });
  const tab = (name: string) => page.getByRole('tab', { name: new RegExp(name.replace(/[+]/g, '\\+')) });
  const sentPayloads = async (rt: FakeRuntime) => (await rt.db.outbox.orderBy('seq').toArray()).map((r) => r.payload);

  it('shows a carried answer "To re-confirm", counted as unanswered, until the same answer is chosen again', async () => {
    const rt = await open();
    await expect.element(questionText()).toHaveTextContent(D1Q1!.question_text);
    await expect.element(page.getByTestId('to-confirm-mark')).toHaveTextContent('To re-confirm');
    await expect.element(page.getByText(TO_CONFIRM_NOTE)).toBeVisible();
    // The previous answer is shown and named, but not pressed: nothing is given yet.
    await expect.element(yes()).toHaveAttribute('aria-pressed', 'false');
    await expect.element(yes()).toHaveTextContent('Last time');
    await expect.element(next()).toBeDisabled();
    await expect.element(page.getByTestId('overall-progress')).toHaveTextContent('0 of 4 answered');
    await expect.element(page.getByTestId('to-confirm-count')).toHaveTextContent('2 answers from your last assessment to re-confirm');
    await expect.element(tab(DOMAIN1!.name)).toHaveTextContent('0/2 answered2 to re-confirm');

    await yes().click();
    await expect.element(yes()).toHaveAttribute('aria-pressed', 'true');
    await expect.element(page.getByTestId('to-confirm-mark')).not.toBeInTheDocument();
    await expect.element(next()).toBeEnabled();
    await expect.element(page.getByTestId('overall-progress')).toHaveTextContent('1 of 4 answered');
    await expect.element(page.getByTestId('to-confirm-count')).toHaveTextContent('1 answer from your last assessment to re-confirm');
    // The same value was written (a confirmation, not a no-op), on the carried version.
    expect(await sentPayloads(rt)).toEqual([{ questionId: D1Q1!.id, value: 'yes' }]);
    expect((await rt.db.outbox.toArray())[0]?.baseVersion).toBe(1);
    // Kept on this device (no connection): pending again once the engine's attempt has failed.
    await expect.poll(() => rt.db.answers.get([ASSESSMENT_ID, D1Q1!.id])).toMatchObject({ value: 'yes', origin: 'confirmed', syncState: 'pending' });
  });

  it('changes a carried answer to the other value', async () => {
    const rt = await open();
    await no().click();
    await expect.element(no()).toHaveAttribute('aria-pressed', 'true');
    await expect.element(next()).toBeEnabled();
    expect(await rt.db.answers.get([ASSESSMENT_ID, D1Q1!.id])).toMatchObject({ value: 'no', origin: 'answered' });
    expect(await sentPayloads(rt)).toEqual([{ questionId: D1Q1!.id, value: 'no' }]);
  });

  it('confirms the domain’s unchanged answers after a confirmation that says how many', async () => {
    const rt = await open();
    const bar = page.getByTestId('confirm-carried');
    await expect.element(bar).toHaveTextContent(`2 answers in ${DOMAIN1!.name} come from your last assessment`);

    // Cancelled: nothing is written.
    await bar.getByRole('button', { name: 'Confirm unchanged answers' }).click();
    const dialog = page.getByRole('dialog');
    await expect.element(dialog).toHaveTextContent('Confirm unchanged answers');
    await expect.element(page.getByTestId('app-dialog-message')).toHaveTextContent(`2 answers in ${DOMAIN1!.name} will be confirmed as unchanged since your last assessment.`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(await rt.db.outbox.count()).toBe(0);

    await bar.getByRole('button', { name: 'Confirm unchanged answers' }).click();
    await dialog.getByRole('button', { name: 'Confirm 2 answers' }).click();
    await expect.element(bar).not.toBeInTheDocument();
    await expect.element(tab(DOMAIN1!.name)).toHaveTextContent('2/2 answered');
    await expect.element(page.getByTestId('overall-progress')).toHaveTextContent('2 of 4 answered');
    await expect.element(page.getByTestId('to-confirm-count')).not.toBeInTheDocument();
    expect(await sentPayloads(rt)).toEqual([
      { questionId: D1Q1!.id, value: 'yes', bulk: true },
      { questionId: D1Q2!.id, value: 'no', bulk: true },
    ]);
    const stored = await rt.db.answers.bulkGet([
      [ASSESSMENT_ID, D1Q1!.id],
      [ASSESSMENT_ID, D1Q2!.id],
    ]);
    expect(stored.map((a) => [a?.value, a?.origin])).toEqual([
      ['yes', 'bulk_confirmed'],
      ['no', 'bulk_confirmed'],
    ]);
  });

  it('leaves out of the bulk confirmation an answer confirmed or changed since', async () => {
    const rt = await open();
    await no().click(); // D1Q1 changed to No by hand
    await expect.element(page.getByTestId('confirm-carried')).toHaveTextContent(`1 answer in ${DOMAIN1!.name} comes from your last assessment`);
    await page.getByRole('button', { name: 'Confirm unchanged answers' }).click();
    await expect.element(page.getByTestId('app-dialog-message')).toHaveTextContent(`1 answer in ${DOMAIN1!.name} will be confirmed`);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm 1 answer' }).click();
    await expect.element(page.getByTestId('confirm-carried')).not.toBeInTheDocument();
    expect(await sentPayloads(rt)).toEqual([
      { questionId: D1Q1!.id, value: 'no' },
      { questionId: D1Q2!.id, value: 'no', bulk: true },
    ]);
  });

  it('marks questions new or changed since the last assessment, in words', async () => {
    await open();
    await tab(DATA.domains[1]!.name).click();
    await expect.element(questionText()).toHaveTextContent(D2Q1!.question_text);
    await expect.element(page.getByTestId('novelty-note')).toHaveTextContent('NewNot asked in your last assessment');
    await yes().click();
    await next().click();
    await expect.element(questionText()).toHaveTextContent(D2Q2!.question_text);
    await expect.element(page.getByTestId('novelty-note')).toHaveTextContent('ChangedChanged since your last assessment: answer it afresh');
    await tab(DOMAIN1!.name).click();
    await expect.element(page.getByTestId('novelty-note')).not.toBeInTheDocument();
  });

  it('a teammate’s re-confirmation pulled later counts the answer as given', async () => {
    const rt = await open();
    await expect.element(page.getByTestId('overall-progress')).toHaveTextContent('0 of 4 answered');
    rt.setServer({ pull: () => ({ ok: true, value: pulled([carried(D1Q1!.id, 'yes', 'confirmed', 2)]) }) });
    expect(await rt.engine.pull(ASSESSMENT_ID)).toBeNull();
    await expect.element(page.getByTestId('overall-progress')).toHaveTextContent('1 of 4 answered');
    await expect.element(page.getByTestId('to-confirm-mark')).not.toBeInTheDocument();
    await expect.element(yes()).toHaveAttribute('aria-pressed', 'true');
  });
});
