// Component test in real Chromium (vitest project 'component'): the results' comparison with the
// previous submitted assessment, from two results scored by the real scorer on the real bank and
// compared by compareAssessments (domain/cycles/compare.ts), as GET .../comparison builds it.
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { ResultView } from '#domain/contracts/assessments.ts';
import { compareAssessments } from '#domain/cycles/compare.ts';
import type { AnswerMap } from '#domain/scoring/types.ts';
import { SCORING_QUESTIONS, answersWithNo, bankQuestion, resultsFor } from '../../../../../tests/component/bank.ts';
import { renderComponent } from '../../../../../tests/component/render.tsx';
import { ComparisonBody, FIRST_ASSESSMENT_LINE } from './comparison.tsx';

const MINOR = bankQuestion((q) => !q.critical);
const CRITICAL = bankQuestion((q) => q.critical);
const ASKED = SCORING_QUESTIONS.map((q) => ({ code: q.code, questionText: q.questionText, domainId: q.domainId, critical: q.critical }));

function stored(id: string, at: string, answers: AnswerMap): { result: ResultView; answers: Record<string, 'yes' | 'no'> } {
  const byCode = Object.fromEntries(SCORING_QUESTIONS.map((q) => [q.code, answers[q.id]!]));
  return { result: { ...resultsFor(answers, { submittedAt: at }), assessmentId: id }, answers: byCode };
}

describe('Comparison', () => {
  let unmount: () => void = () => {};
  afterEach(() => {
    unmount();
    unmount = () => {};
  });

  it('shows the total, grade and result before and now, the regressions and improvements and each domain', async () => {
    const prev = stored('p', '2026-01-15T10:00:00.000Z', answersWithNo(MINOR.code));
    const cur = stored('c', '2026-04-15T10:00:00.000Z', answersWithNo(CRITICAL.code));
    const view = compareAssessments(prev, { ...cur, questions: ASKED });
    unmount = renderComponent(<ComparisonBody view={view} />);

    await expect.element(page.getByTestId('compare-total')).toHaveTextContent(`${prev.result.totalScore}to${cur.result.totalScore}`);
    const delta = cur.result.totalScore - prev.result.totalScore;
    await expect.element(page.getByTestId('total-delta')).toHaveTextContent(`${delta > 0 ? '+' : '\u2212'}${Math.abs(delta)} point`);
    await expect.element(page.getByTestId('compare-pass-fail')).toHaveTextContent('PasstoFail');
    const regressed = page.getByTestId('regressed');
    await expect.element(regressed).toHaveTextContent(`Regressed: Yes before, No now (1)${CRITICAL.code}Critical${CRITICAL.questionText}`);
    await expect.element(page.getByTestId('improved')).toHaveTextContent(`(1)${MINOR.code}${MINOR.questionText}`);
    const rows = page.getByTestId('domain-delta');
    expect(rows.elements()).toHaveLength(view.domains.length);
    const changed = view.domains.find((d) => d.domain_id === CRITICAL.domainId)!;
    await expect.element(rows.filter({ hasText: changed.domain_name })).toHaveTextContent(`${changed.previous_percentage}%${changed.percentage}%`);
  });

  it('says when this is the first submitted assessment', async () => {
    const cur = stored('c', '2026-04-15T10:00:00.000Z', answersWithNo());
    unmount = renderComponent(<ComparisonBody view={compareAssessments(null, { ...cur, questions: ASKED })} />);
    await expect.element(page.getByTestId('comparison-first')).toHaveTextContent(FIRST_ASSESSMENT_LINE);
    expect(document.querySelector('[data-testid="regressed"]')).toBeNull();
  });
});
