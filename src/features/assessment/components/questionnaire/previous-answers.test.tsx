// Component test in real Chromium (vitest project 'component'): the "Previously" line under a
// question, newest answer first, older ones on request, as GET .../previous-answers lists them.
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { PreviousAnswer } from '#domain/contracts/cycles.ts';
import { renderComponent } from '../../../../../tests/component/render.tsx';
import { formatDate } from '#domain/dates.ts';
import { PreviousAnswers, PreviousAnswersLine } from './previous-answers.tsx';

const answer = (id: string, value: 'yes' | 'no', by: string | null, at: string): PreviousAnswer => ({
  assessment_id: id,
  submitted_at: at,
  answer: value,
  answered_by_name: by,
  answered_at: at,
});

describe('PreviousAnswers', () => {
  let unmount: () => void = () => {};
  afterEach(() => {
    unmount();
    unmount = () => {};
  });

  it('shows the latest answer with its author and date, the older ones on request', async () => {
    const list = [answer('a3', 'no', 'Tess Member', '2026-07-15T10:00:00.000Z'), answer('a2', 'yes', 'Ada Admin', '2026-04-15T10:00:00.000Z'), answer('a1', 'yes', null, '2026-01-15T10:00:00.000Z')];
    unmount = renderComponent(<PreviousAnswersLine answers={list} />);
    await expect.element(page.getByTestId('previous-answers')).toHaveTextContent(`Previously: No · Tess Member · ${formatDate('2026-07-15T10:00:00.000Z')}`);
    await userEvent.click(page.getByText('2 earlier answers'));
    await expect.element(page.getByText(`Yes · Ada Admin · ${formatDate('2026-04-15T10:00:00.000Z')}`)).toBeVisible();
    await expect.element(page.getByText(`Yes · a former member · ${formatDate('2026-01-15T10:00:00.000Z')}`)).toBeVisible();
  });

  it('shows nothing for a question never answered before, or outside the provider', async () => {
    unmount = renderComponent(
      <div data-testid="host">
        <PreviousAnswersLine answers={[]} />
        <PreviousAnswers code="PP-01" />
      </div>,
    );
    await expect.element(page.getByTestId('host')).toBeInTheDocument();
    expect(document.querySelector('[data-testid="previous-answers"]')).toBeNull();
  });
});
