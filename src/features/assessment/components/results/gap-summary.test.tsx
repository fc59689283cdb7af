// Component test in real Chromium: the gap summary counts the points lost against the points of
// the questions asked (not the score out of 140), in its sentence and in every row.
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { DOMAINS } from '#domain/questions/domains.ts';
import { SCORING_QUESTIONS, answersWithNo, bankQuestion, resultsFor } from '../../../../../tests/component/bank.ts';
import { renderComponent } from '../../../../../tests/component/render.tsx';
import { GapSummary, lostSentence } from './gap-summary.tsx';

const MINOR_A = bankQuestion((q) => !q.critical && q.domainId === DOMAINS[0]!.id);
const MINOR_B = bankQuestion((q) => !q.critical && q.domainId === DOMAINS[2]!.id);

describe('GapSummary', () => {
  let unmount: () => void = () => {};
  afterEach(() => {
    unmount();
    unmount = () => {};
  });

  it('when every question applied: points lost of 140, each row of its domain points', async () => {
    const r = resultsFor(answersWithNo(MINOR_A.code, MINOR_B.code));
    expect(r.applicable_points).toBe(140);
    unmount = renderComponent(<GapSummary scores={r.domainScores} totalGaps={r.gapCount} />);
    await expect.element(page.getByText(`2 questions answered No: ${MINOR_A.points + MINOR_B.points} of the 140 points lost.`)).toBeVisible();
    const cells = page.getByTestId('points-lost');
    expect(cells.elements().map((e) => e.textContent)).toEqual(r.domainScores.map((d) => `${d.total_points - d.earned_points} of ${d.total_points}`));
  });

  it('when some questions did not apply: says the points are of the applicable points, which the score is scaled from', async () => {
    const skipped = DOMAINS[DOMAINS.length - 1]!.id;
    const asked = SCORING_QUESTIONS.filter((q) => q.domainId !== skipped);
    const r = resultsFor(answersWithNo(MINOR_A.code, MINOR_B.code), { profile: null, asked });
    const applicable = asked.reduce((n, q) => n + q.points, 0);
    expect(r.applicable_points).toBe(applicable);
    expect(applicable).toBeLessThan(140);
    unmount = renderComponent(<GapSummary scores={r.domainScores} totalGaps={r.gapCount} />);
    const lost = MINOR_A.points + MINOR_B.points;
    await expect
      .element(page.getByText(`2 questions answered No: ${lost} of the ${applicable} applicable points lost (the score out of 140 is scaled from the applicable points).`))
      .toBeVisible();
    await expect.element(page.getByRole('table', { name: 'Gaps and points lost per domain, of the points of the questions asked in it' })).toBeInTheDocument();
  });

  it('says so when there is no gap', () => {
    expect(lostSentence(0, 0, 120)).toBe('No gaps: every question was answered Yes.');
    expect(lostSentence(1, 3, 140)).toBe('1 question answered No: 3 of the 140 points lost.');
  });
});
