// Component test in real Chromium (vitest project 'component'): the dashboard's trend chart over
// results scored by the real scorer on the real bank (tests/component/bank.ts), put together by
// trendOf (domain/cycles/compare.ts) as GET /api/assessments/trend does. The SVG is an image with
// a title and a description that say how the score moved; the table alternative has every number.
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { ResultView } from '#domain/contracts/assessments.ts';
import { trendOf } from '#domain/cycles/compare.ts';
import { answersWithNo, bankQuestion, resultsFor } from '../../../../tests/component/bank.ts';
import { renderComponent } from '../../../../tests/component/render.tsx';
import { formatDate } from '#domain/dates.ts';
import { TrendChart } from './trend-chart.tsx';

const A = bankQuestion((q) => !q.critical && q.domainId === 'policies-procedures');
const B = bankQuestion((q) => !q.critical && q.domainId !== 'policies-procedures');

function submitted(id: string, at: string, ...no: string[]): ResultView {
  return { ...resultsFor(answersWithNo(...no), { submittedAt: at }), assessmentId: id };
}

describe('TrendChart', () => {
  let unmount: () => void = () => {};
  afterEach(() => {
    unmount();
    unmount = () => {};
  });

  function mount(results: ResultView[], width = 400) {
    const view = trendOf(results);
    unmount = renderComponent(
      <div style={{ width }} data-testid="box">
        <TrendChart view={view} />
      </div>,
    );
    return view;
  }

  it('describes the line in words and lists every number in the table alternative', async () => {
    const r1 = submitted('a1', '2026-01-15T10:00:00.000Z', A.code, B.code);
    const r2 = submitted('a2', '2026-04-15T10:00:00.000Z', B.code);
    const r3 = submitted('a3', '2026-07-15T10:00:00.000Z');
    const view = mount([r3, r1, r2]);
    const summary = `Score rose from ${r1.totalScore} to ${r3.totalScore} over 3 assessments.`;

    const chart = page.getByRole('img', { name: /Total score out of 140/ });
    await expect.element(chart).toBeVisible();
    await expect.element(chart).toHaveAccessibleDescription(expect.stringContaining(summary));
    await expect.element(page.getByTestId('trend-card')).toHaveTextContent(summary);

    // The table is there on request: oldest first, score, grade, result and each domain's percentage.
    expect(document.querySelector('details')?.open).toBe(false);
    await userEvent.click(page.getByText('Show the numbers as a table'));
    const table = page.getByTestId('trend-table');
    await expect.element(table).toBeVisible();
    const rows = table.getByRole('row');
    expect(rows.elements()).toHaveLength(4);
    for (const [i, r] of [r1, r2, r3].entries()) {
      const cells = rows.nth(i + 1).getByRole('cell').elements().map((c) => c.textContent);
      expect(cells).toEqual([
        formatDate(r.submittedAt),
        `${r.totalScore}/140`,
        r.grade,
        r.passFail,
        ...view.domains.map((d) => `${r.domainScores.find((x) => x.id === d.id)!.weighted_percentage}%`),
      ]);
    }
    const headers = rows.nth(0).getByRole('columnheader').elements().map((c) => c.textContent);
    expect(headers).toEqual(['Submitted', 'Score', 'Grade', 'Result', ...view.domains.map((d) => d.name)]);
  });

  it('shows each domain on request as its own small chart', async () => {
    const r1 = submitted('a1', '2026-01-15T10:00:00.000Z', A.code);
    const r2 = submitted('a2', '2026-04-15T10:00:00.000Z');
    const view = mount([r1, r2]);
    const toggle = page.getByRole('button', { name: 'Show each domain' });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect.element(page.getByRole('button', { name: 'Hide domains' })).toHaveAttribute('aria-expanded', 'true');
    const items = page.getByTestId('trend-domain');
    await expect.element(items.first()).toBeVisible();
    expect(items.elements()).toHaveLength(view.domains.length);
    const pp = view.domains.find((d) => d.id === 'policies-procedures')!;
    const before = r1.domainScores.find((d) => d.id === 'policies-procedures')!.weighted_percentage;
    await expect.element(items.filter({ hasText: pp.name })).toHaveTextContent(`From ${before}% to 100%.`);
    await expect.element(page.getByRole('img', { name: `${pp.name}, percent by submitted assessment` })).toBeVisible();
  });

  it('shows one assessment as a point and says a trend needs two', async () => {
    mount([submitted('a1', '2026-01-15T10:00:00.000Z', A.code)]);
    await expect.element(page.getByRole('img', { name: /Total score/ })).toHaveAccessibleDescription(expect.stringContaining('A trend needs two assessments.'));
    await expect.element(page.getByText(/A trend needs two submitted assessments/)).toBeVisible();
    expect(document.querySelectorAll('[data-testid="trend-total"] circle')).toHaveLength(1);
  });

  it('draws at the width of a phone-sized box without overflowing it', async () => {
    mount([submitted('a1', '2026-01-15T10:00:00.000Z', A.code), submitted('a2', '2026-04-15T10:00:00.000Z')], 340);
    await expect.element(page.getByRole('img', { name: /Total score/ })).toBeVisible();
    const svg = document.querySelector<SVGSVGElement>('[data-testid="trend-total"] svg')!;
    await expect.poll(() => svg.getBoundingClientRect().width).toBeLessThanOrEqual(340);
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${Math.round(svg.getBoundingClientRect().width)} 240`);
    const box = document.querySelector<HTMLElement>('[data-testid="box"]')!;
    expect(box.scrollWidth).toBeLessThanOrEqual(340);
  });
});
