// Component test in real Chromium: the results' line on a carried start (ADR 019).
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { CarrySummary } from '#domain/contracts/cycles.ts';
import { renderComponent } from '../../../../../tests/component/render.tsx';
import { formatDate } from '#domain/dates.ts';
import { CarryNote, carryLine } from './carry-note.tsx';

const CARRY: CarrySummary = { carried_from: '0195f3a0-0000-7000-8000-00000000a001', carried: 55, confirmed: 28, bulk_confirmed: 12, changed: 3, new_questions: 5 };

describe('CarryNote', () => {
  let unmount: () => void = () => {};
  afterEach(() => unmount());

  it('says where the assessment started and how its answers were re-confirmed', async () => {
    unmount = renderComponent(<CarryNote carry={CARRY} fromSubmittedAt="2026-08-20T10:00:00.000Z" />);
    await expect
      .element(page.getByTestId('carry-note'))
      .toHaveTextContent(`Started from the assessment of ${formatDate('2026-08-20T10:00:00.000Z')}: 40 answers re-confirmed (12 in bulk), 3 changed, 5 new or changed questions.`);
  });

  it('words one of each, no bulk, and an unknown date', () => {
    expect(carryLine({ ...CARRY, confirmed: 1, bulk_confirmed: 0, changed: 1, new_questions: 1 }, null)).toBe(
      'Started from the previous assessment: 1 answer re-confirmed, 1 changed, 1 new or changed question.',
    );
  });
});
