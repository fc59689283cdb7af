// Component test in real Chromium (vitest project 'component'): the results a submitted assessment
// shows, from a ResultsView scored by domain/scoring over the real bank (tests/component/bank.ts):
// the verdict (score, grade, Pass/Fail and why), the domain scores, the gap summary and the gap list
// with each corrective action, as results-view.tsx lays them out before the report is released.
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { CorrectiveActionView, ResultsView, ResultView } from '#domain/contracts/assessments.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import type { ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { PASS_THRESHOLD_POINTS, scaledScore } from '#domain/scoring/policy.ts';
import { readResultView } from '#domain/scoring/result-views.ts';
import { ASSESSMENT_ID, ME, SCORING_QUESTIONS, TEAMMATE, actionPlanFor, answersWithNo, bankQuestion, resultsFor } from '../../../../../tests/component/bank.ts';
import { renderComponent } from '../../../../../tests/component/render.tsx';
import { formatDate } from '#domain/dates.ts';
import { ActionItem, PRIORITY_LABEL } from '../../../../components/corrective-action/action-item.tsx';
import { AssessedProfile } from './assessed-profile.tsx';
import { DomainBars } from './domain-bars.tsx';
import { FrameworkCoverage } from './framework-coverage.tsx';
import { GapList } from './gap-list.tsx';
import { GapSummary } from './gap-summary.tsx';
import { ReportGate } from '../../../../components/report-gate.tsx';
import { VerdictCard } from './verdict-card.tsx';

const ICONS = Object.fromEntries(DOMAINS.map((d) => [d.id, d.icon]));
const MINOR_A = bankQuestion((q) => !q.critical && q.domainId === DOMAINS[0]!.id);
const MINOR_B = bankQuestion((q) => !q.critical && q.domainId === DOMAINS[2]!.id);
const CRITICAL = bankQuestion((q) => q.critical && q.domainId === DOMAINS[1]!.id);
const FULL_MARKS = resultsFor(answersWithNo()).maxScore;

function Results({ r }: { r: ResultsView }) {
  return (
    <MemoryRouter>
      <VerdictCard result={r} />
      <AssessedProfile result={r} />
      <DomainBars scores={r.domainScores} icons={ICONS} />
      <GapSummary scores={r.domainScores} totalGaps={r.gapCount} />
      <GapList groups={r.gaps} />
    </MemoryRouter>
  );
}

describe('Results', () => {
  let unmount: () => void = () => {};
  afterEach(() => {
    unmount();
    unmount = () => {};
  });

  it('shows a pass with its score, grade, domain scores and the two gaps with their actions', async () => {
    const r = resultsFor(answersWithNo(MINOR_A.code, MINOR_B.code));
    expect([r.passFail, r.totalScore]).toEqual(['Pass', FULL_MARKS - MINOR_A.points - MINOR_B.points]);
    unmount = renderComponent(<Results r={r} />);

    await expect.element(page.getByTestId('result-score')).toHaveTextContent(`${r.totalScore}/${r.maxScore}`);
    await expect.element(page.getByTestId('result-grade')).toHaveTextContent(r.grade);
    await expect.element(page.getByTestId('result-pass-fail')).toHaveTextContent(/^Pass$/);
    await expect.element(page.getByText(`pass threshold of ${PASS_THRESHOLD_POINTS} points`)).toBeVisible();

    // One row per domain: earned / available points and the weighted percentage.
    const rows = page.getByTestId('domain-score');
    await expect.element(rows.nth(DOMAINS.length - 1)).toBeVisible();
    expect(rows.elements()).toHaveLength(DOMAINS.length);
    for (const [i, d] of r.domainScores.entries()) {
      await expect.element(rows.nth(i)).toHaveTextContent(`${d.name}${d.earned_points}/${d.total_points} points · ${d.weighted_percentage}%`);
    }
    const first = r.domainScores.find((d) => d.id === DOMAINS[0]!.id)!;
    expect(first.total_points - first.earned_points).toBe(MINOR_A.points);

    // Gap summary: the first domain lost exactly the points of its one No.
    const summaryRow = page.getByRole('row', { name: new RegExp(`^${first.name.replace(/[+]/g, '\\+')}`) });
    await expect.element(summaryRow).toHaveTextContent(`${first.name}1${MINOR_A.points}`);

    // The gap list: both Noes, each with its corrective action and priority.
    await expect.element(page.getByTestId('gap-list')).toHaveTextContent('2 questions answered No');
    await expect.element(page.getByTestId('gap-list')).toHaveTextContent('by domain; critical requirements first within each');
    const gaps = page.getByTestId('free-gap-item');
    expect(gaps.elements()).toHaveLength(2);
    for (const q of [MINOR_A, MINOR_B]) {
      const item = gaps.filter({ hasText: q.code });
      await expect.element(item).toHaveTextContent(q.questionText);
      await expect.element(item).toHaveTextContent(`${PRIORITY_LABEL[q.correctiveAction.priority]} priority${q.correctiveAction.action}`);
      await expect.element(item.getByText('Critical')).not.toBeInTheDocument();
    }
  });

  it('fails on a critical No whatever the score, and says which requirement', async () => {
    const r = resultsFor(answersWithNo(CRITICAL.code));
    expect(r.totalScore).toBeGreaterThanOrEqual(PASS_THRESHOLD_POINTS);
    unmount = renderComponent(<Results r={r} />);

    await expect.element(page.getByTestId('result-pass-fail')).toHaveTextContent(/^Fail: 1 critical requirement not met$/);
    const why = page.getByRole('list', { name: 'Why the assessment failed' });
    await expect.element(why).toHaveTextContent(`Critical requirement ${CRITICAL.code}`);
    await expect.element(why).toHaveTextContent(CRITICAL.questionText);
    const gap = page.getByTestId('free-gap-item');
    await expect.element(gap).toHaveTextContent(CRITICAL.code);
    await expect.element(gap.getByText('Critical', { exact: true })).toBeVisible();
    // The requirement behind it, as on the question card: opened on request, each title linked to its text.
    const citations = r.gaps.flatMap((g) => g.gaps).find((g) => g.code === CRITICAL.code)!.citations;
    expect(citations.length).toBeGreaterThan(0);
    await userEvent.click(gap.getByText(`Sources (${citations.length})`));
    const linked = citations.findIndex((c) => c.url);
    expect(linked).toBeGreaterThanOrEqual(0);
    const shown = gap.getByTestId('free-gap-citation').nth(linked);
    await expect.element(shown).toHaveTextContent(citations[linked]!.label);
    await expect.element(shown.getByRole('link')).toHaveAttribute('href', citations[linked]!.url!);
  });

  it('shows full marks and no gaps when every answer is Yes', async () => {
    const r = resultsFor(answersWithNo());
    unmount = renderComponent(<Results r={r} />);
    await expect.element(page.getByTestId('result-score')).toHaveTextContent(`${FULL_MARKS}/${FULL_MARKS}`);
    await expect.element(page.getByTestId('result-grade')).toHaveTextContent('A');
    await expect.element(page.getByTestId('gap-list')).toHaveTextContent('No gaps: every question was answered Yes.');
    await expect.element(page.getByTestId('free-gap-item')).not.toBeInTheDocument();
    // Every question applied and no profile was recorded: nothing is scaled.
    await expect.element(page.getByTestId('result-scaled')).not.toBeInTheDocument();
    await expect.element(page.getByText('100% of the maximum')).toBeVisible();
    await expect.element(page.getByTestId('assessed-profile')).toHaveTextContent('Not recorded.');
  });

  it('shows the points that applied, scaled to 140, and the profile the assessment was asked against', async () => {
    const profile: ApplicabilityProfile = { kind: 'company', covered: false, agencies: ['dod', 'nasa'], activities: ['cui_fci', 'export_controlled'] };
    // The questions asked: every domain but the last (as if its duties fell on other organizations).
    const skipped = DOMAINS[DOMAINS.length - 1]!.id;
    const asked = SCORING_QUESTIONS.filter((q) => q.domainId !== skipped);
    const r = resultsFor(answersWithNo(MINOR_A.code, MINOR_B.code), { profile, asked });
    const applicable = asked.reduce((n, q) => n + q.points, 0);
    const earned = applicable - MINOR_A.points - MINOR_B.points;
    expect([r.earned_points, r.applicable_points, r.totalScore]).toEqual([earned, applicable, scaledScore(earned, applicable)]);
    expect(r.totalScore).toBeGreaterThan(earned);
    unmount = renderComponent(<Results r={r} />);

    await expect.element(page.getByTestId('result-score')).toHaveTextContent(`${r.totalScore}/140`);
    await expect.element(page.getByTestId('result-scaled')).toHaveTextContent(`${earned} of ${applicable} applicable points, scaled to 140`);
    await expect.element(page.getByText(`${r.percentage}% of the points that apply`)).toBeVisible();

    const card = page.getByTestId('assessed-profile');
    await expect.element(card.getByRole('heading', { name: 'Organization profile' })).toBeVisible();
    const terms = card.getByRole('term');
    const values = card.getByRole('definition');
    expect(terms.elements().map((e) => e.textContent)).toEqual(['Kind of organization', 'Covered institution', 'Funding agencies', 'Activities with extra duties']);
    expect(values.elements().map((e) => e.textContent)).toEqual([
      'Company',
      'No',
      'DoD, NASA',
      'Controlled unclassified information (CUI) or federal contract information (FCI) under federal contracts; Export-controlled research (EAR or ITAR)',
    ]);
    await expect.element(card).not.toHaveTextContent('Not recorded');
  });

  it('reads a result stored before profiles as unscaled, with no profile recorded', async () => {
    const current = resultsFor(answersWithNo(MINOR_A.code));
    // As stored before ADR 018: no earned_points, applicable_points or applicability.
    const { earned_points: _e, applicable_points: _a, applicability: _p, ...stored } = current;
    const r = { ...current, ...readResultView(stored as unknown as ResultView) };
    expect([r.earned_points, r.applicable_points, r.applicability]).toEqual([r.totalScore, r.maxScore, null]);
    unmount = renderComponent(<Results r={r} />);
    await expect.element(page.getByTestId('result-score')).toHaveTextContent(`${r.totalScore}/${r.maxScore}`);
    await expect.element(page.getByTestId('result-scaled')).not.toBeInTheDocument();
    await expect.element(page.getByTestId('assessed-profile')).toHaveTextContent('Not recorded.');
  });
});

// The action item saves through the API (src/lib/actions-api.ts saveAction) and takes no injected client,
// so only what needs no server is tested here; the save itself is covered by the e2e tests.
describe('ActionItem', () => {
  let unmount: () => void = () => {};
  afterEach(() => {
    unmount();
    unmount = () => {};
  });

  const ACTION = actionPlanFor(answersWithNo(MINOR_A.code))[0]!;
  const NEWER: CorrectiveActionView = { ...ACTION, version: 2, status: 'done', owner_id: TEAMMATE.id, owner_name: 'Grace Hopper', notes: 'Policy adopted.' };
  /** The item as the report passes it; the button stands for a fresh load of the report arriving. */
  function Harness() {
    const [action, setAction] = useState(ACTION);
    return (
      <>
        <button type="button" onClick={() => setAction(NEWER)}>
          Load the report again
        </button>
        <ol>
          <ActionItem inAssessment={ASSESSMENT_ID} action={action} members={[ME, TEAMMATE]} />
        </ol>
      </>
    );
  }

  it('shows the planned action and enables Save notes only for changed notes', async () => {
    unmount = renderComponent(<Harness />);
    const item = page.getByTestId('action-item');
    const code = MINOR_A.code;
    await expect.element(item).toHaveTextContent(`${code}${PRIORITY_LABEL[MINOR_A.correctiveAction.priority]} priority`);
    await expect.element(item).toHaveTextContent(`Target date ${formatDate(ACTION.target_date)}`);
    await expect.element(item).toHaveTextContent(MINOR_A.correctiveAction.action);
    await expect.element(page.getByLabelText(`Owner of ${code}`, { exact: true })).toHaveValue('');
    await expect.element(page.getByLabelText(`Status of ${code}`, { exact: true })).toHaveValue('open');

    const save = page.getByRole('button', { name: `Save notes for ${code}`, exact: true });
    await expect.element(save).toBeDisabled();
    await userEvent.fill(page.getByLabelText(`Notes for ${code}`, { exact: true }), 'Drafting the policy with the provost.');
    await expect.element(save).toBeEnabled();
    await userEvent.clear(page.getByLabelText(`Notes for ${code}`, { exact: true }));
    await expect.element(save).toBeDisabled();
  });

  it('on the action plan: the same "Target date", and each row\'s controls named with its code', async () => {
    const other = { ...ACTION, id: `${ACTION.id.slice(0, -1)}f`, code: 'ZZ-99' };
    unmount = renderComponent(
      <ol>
        {[ACTION, other].map((a) => (
          <ActionItem key={a.id} action={a} members={[ME, TEAMMATE]} plan={{ domainName: 'Policies', overdue: false }} />
        ))}
      </ol>,
    );
    const first = page.getByTestId('action-item').first();
    await expect.element(first).toHaveTextContent(`Target date ${formatDate(ACTION.target_date)}`);
    expect(first.element().textContent).not.toMatch(/\bDue\b/);
    for (const code of [ACTION.code, 'ZZ-99']) {
      for (const name of [`Owner of ${code}`, `Status of ${code}`, `Notes for ${code}`]) expect(page.getByLabelText(name, { exact: true }).elements(), name).toHaveLength(1);
      await expect.element(page.getByRole('button', { name: `Save notes for ${code}`, exact: true })).toBeInTheDocument();
    }
  });

  it('shows a newer server copy in place of the one it had', async () => {
    unmount = renderComponent(<Harness />);
    const code = MINOR_A.code;
    await expect.element(page.getByLabelText(`Status of ${code}`)).toHaveValue('open');
    await page.getByRole('button', { name: 'Load the report again' }).click();
    await expect.element(page.getByLabelText(`Status of ${code}`)).toHaveValue('done');
    await expect.element(page.getByLabelText(`Owner of ${code}`)).toHaveValue(TEAMMATE.id);
    await expect.element(page.getByLabelText(`Notes for ${code}`, { exact: true })).toHaveValue('Policy adopted.');
  });

  it('titles the locked report one level under the "Detailed report" heading it sits in', async () => {
    unmount = renderComponent(<ReportGate checkoutUrl={null} contactEmail="help@example.org" />);
    await expect.element(page.getByRole('heading', { level: 3, name: 'Unlock the detailed report' })).toBeVisible();
    expect(page.getByRole('heading', { level: 2 }).elements()).toHaveLength(0);
  });

  it('shows framework coverage in words: met of total, each gap with its questions, and what the bank covers', async () => {
    // IP-18 (malware protection) answered No: three FAR 52.204-21 items and three NSPM-33 protocols become gaps.
    const r = resultsFor(answersWithNo('IP-18'));
    unmount = renderComponent(<FrameworkCoverage frameworks={r.framework_coverage} />);
    await expect.element(page.getByRole('heading', { level: 2, name: 'Framework coverage' })).toBeVisible();
    const far = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: /^FAR 52\.204-21/ }) });
    await expect.element(far.getByRole('heading', { level: 3 })).toHaveTextContent('FAR 52.204-21 (CMMC Level 1): 12 of 15 met, 3 gaps');
    await expect.element(far).toHaveTextContent('15 of 15 covered by the question bank.');
    const farGaps = page.getByRole('list', { name: 'Gaps in FAR 52.204-21 (CMMC Level 1)' }).getByRole('listitem');
    expect(farGaps.elements().map((e) => e.textContent)).toEqual([
      'Gap: (b)(1)(xiii) Malicious code protection (IP-18)',
      'Gap: (b)(1)(xiv) Malicious code protection updates (IP-18)',
      'Gap: (b)(1)(xv) Periodic and real-time scans (IP-18)',
    ]);
    await expect.element(page.getByRole('heading', { level: 3, name: /^NSPM-33/ })).toHaveTextContent('NSPM-33 cybersecurity protocols: 9 of 14 met, 3 gaps');
    await expect.element(page.getByRole('heading', { level: 3, name: /Rev\. 2/ })).toHaveTextContent('NIST SP 800-171 Rev. 2: 13 of 110 met, 3 gaps');
    await expect.element(page.getByTestId('framework-coverage')).toHaveTextContent('16 of 110 covered by the question bank.');
    await expect.element(page.getByTestId('framework-coverage')).toHaveTextContent('Item list taken from secondary summaries of the source.');
  });
});
