// Component test in real Chromium: how a new assessment starts after a submitted one (ADR 019).
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { ApplicabilityView } from '#domain/contracts/accounts.ts';
import type { StartFrom } from '#domain/contracts/enums.ts';
import { renderComponent } from '../../../../tests/component/render.tsx';
import { formatDate } from '#domain/dates.ts';
import { START_BLANK_LABEL, START_FROM_PREVIOUS_LABEL, StartChoice } from './start-choice.tsx';

const LAST: NonNullable<ApplicabilityView['last_submitted']> = {
  id: '0195f3a0-0000-7000-8000-00000000a001',
  submitted_at: '2026-08-20T10:00:00.000Z',
  total_score: 121,
  grade: 'B',
};

describe('StartChoice', () => {
  let unmount: () => void = () => {};
  afterEach(() => unmount());

  function open() {
    const chosen: StartFrom[] = [];
    unmount = renderComponent(
      <MemoryRouter>
        <StartChoice last={LAST} onStart={async (from) => void chosen.push(from)} />
      </MemoryRouter>,
    );
    return chosen;
  }

  it('starts from the last assessment by default, and says which one', async () => {
    const chosen = open();
    const previous = page.getByRole('radio', { name: START_FROM_PREVIOUS_LABEL });
    await expect.element(previous).toBeChecked();
    await expect.element(page.getByRole('radio', { name: START_BLANK_LABEL })).not.toBeChecked();
    await expect.element(previous).toHaveAccessibleDescription(new RegExp(`submitted on ${formatDate(LAST.submitted_at)} \\(score 121, grade B\\)`));
    await page.getByRole('button', { name: 'Start assessment' }).click();
    await expect.poll(() => chosen).toEqual(['previous']);
  });

  it('starts blank when chosen', async () => {
    const chosen = open();
    await page.getByRole('radio', { name: START_BLANK_LABEL }).click();
    await page.getByRole('button', { name: 'Start assessment' }).click();
    await expect.poll(() => chosen).toEqual(['blank']);
  });
});
