// Component test in real Chromium (vitest project 'component'): the parts of "How scoring works"
// that explain applicability, the scaling rule and the gates, from the build's public bank summary.
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { MAX_SCORE, PASS_THRESHOLD_POINTS, scaledScore, SCALING_RULE_TEXT } from '#domain/scoring/policy.ts';
import { renderComponent } from '../../../../tests/component/render.tsx';
import { applicabilityCounts, domainPoints, gateRows, questionCount } from '../scoring-summary.ts';
import { ApplicabilityAndScaling, CriticalQuestionList, DomainPointsTable } from './scoring-policy.tsx';

describe('How scoring works: applicability and gates', () => {
  let unmount: () => void = () => {};
  afterEach(() => {
    unmount();
    unmount = () => {};
  });

  it('explains which questions are asked and works the scaling rule on an example', async () => {
    unmount = renderComponent(<ApplicabilityAndScaling />);
    await expect.element(page.getByRole('heading', { name: 'Questions that apply to your organization' })).toBeVisible();
    const c = applicabilityCounts();
    await expect.element(page.getByTestId('applicability-counts')).toHaveTextContent(
      c.dependsOnProfile === 0
        ? `All ${questionCount()} questions are asked of every organization.`
        : `${c.everyOrganization} of ${questionCount()} questions are asked of every organization; ${c.dependsOnProfile} depend on the profile.`,
    );
    await expect.element(page.getByTestId('scaling-rule')).toHaveTextContent(SCALING_RULE_TEXT);
    const score = scaledScore(101, 120);
    expect(score).toBe(117);
    await expect.element(page.getByTestId('scaling-example')).toHaveTextContent(
      `The questions asked are worth 120 points and the answers earn 101 of them. The score is 101 × ${MAX_SCORE} ÷ 120, rounded down: ${score} of ${MAX_SCORE}, at or above the pass threshold of ${PASS_THRESHOLD_POINTS}.`,
    );
  });

  it('lists every gate under its domain with where it is a gate', async () => {
    unmount = renderComponent(<CriticalQuestionList />);
    const gates = gateRows();
    const items = page.getByTestId('gate');
    await expect.element(items.first()).toBeVisible();
    expect(items.elements()).toHaveLength(gates.length);
    for (const [i, g] of gates.entries()) {
      await expect.element(items.nth(i)).toHaveTextContent(`${g.subdomain} · ${g.points} pts`);
      await expect.element(items.nth(i)).toHaveTextContent(`Gate for: ${g.gateFor}`);
    }
    for (const d of domainPoints().filter((x) => x.criticalCount > 0)) {
      await expect.element(page.getByRole('heading', { name: d.name, level: 3 })).toBeVisible();
    }
  });

  it('gives each domain its counts in one line under its name, for phones', async () => {
    unmount = renderComponent(<DomainPointsTable />);
    const list = page.getByTestId('domain-points-list');
    const items = list.getByRole('listitem');
    const rows = domainPoints();
    await expect.element(items.first()).toBeVisible();
    expect(items.elements()).toHaveLength(rows.length + 1);
    for (const [i, d] of rows.entries()) {
      await expect.element(items.nth(i)).toHaveTextContent(`${d.name}${d.questionCount} question${d.questionCount === 1 ? '' : 's'} · ${d.criticalCount} critical · ${d.points} point${d.points === 1 ? '' : 's'}`);
    }
    await expect.element(items.nth(rows.length)).toHaveTextContent(/^Total\d+ questions · \d+ critical · 140 points$/);
  });
});
