// Component test in real Chromium: the dashboard's "Passed assessments" card counts passed
// submissions; before the first submission it says there is none rather than "0 / 0".
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { renderComponent } from '../../../../tests/component/render.tsx';
import { PassedAssessmentsCard } from './summary-cards.tsx';

describe('PassedAssessmentsCard', () => {
  let unmount: () => void = () => {};
  afterEach(() => unmount());

  it('says no assessment was submitted yet instead of "0 / 0"', async () => {
    unmount = renderComponent(<PassedAssessmentsCard passed={0} total={0} />);
    await expect.element(page.getByRole('heading', { level: 2, name: 'Passed assessments' })).toBeVisible();
    await expect.element(page.getByTestId('passed-assessments')).toHaveTextContent('No assessment submitted yet');
    expect(document.body.textContent).not.toContain('0 / 0');
    expect(document.body.textContent).not.toMatch(/compliance score/i);
  });

  it('counts the passed ones among the submitted ones', async () => {
    unmount = renderComponent(<PassedAssessmentsCard passed={1} total={3} />);
    await expect.element(page.getByTestId('passed-assessments')).toHaveTextContent('1 / 3');
    await expect.element(page.getByText('1 of 3 submitted assessments passed')).toBeVisible();
  });
});
