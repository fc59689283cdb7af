// Component test in real Chromium: a key acts on the state on screen. A change that does not come
// from an event (a store update, such as a saved answer arriving; here a timer) renders and
// commits; a key pressed right after that commit, before React's passive effects have run, must
// already meet the new state's handlers.
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { renderComponent } from '../../../../tests/component/render.tsx';
import { useQuestionKeys } from './use-question-keys.ts';

/** "Answered" arrives from a timer; → moves on only once answered (as the questionnaire's Next). */
function Probe() {
  const [answered, setAnswered] = useState(false);
  const [moves, setMoves] = useState(0);
  useEffect(() => {
    const t = setTimeout(() => setAnswered(true), 0);
    return () => clearTimeout(t);
  }, []);
  const noop = () => undefined;
  useQuestionKeys({ onYes: noop, onNo: noop, onPrevious: noop, onNext: () => answered && setMoves((n) => n + 1) }, true);
  return (
    <p data-testid="probe" data-answered={answered}>
      {moves}
    </p>
  );
}

describe('useQuestionKeys', () => {
  let unmount: () => void = () => {};
  let observer: MutationObserver | undefined;
  afterEach(() => {
    observer?.disconnect();
    unmount();
  });

  it('a key pressed as soon as the new state is on screen acts on that state', async () => {
    // Runs in the microtask after the commit that shows data-answered="true": before passive effects.
    observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="probe"][data-answered="true"]')) {
        observer?.disconnect();
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      }
    });
    observer.observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-answered'] });
    unmount = renderComponent(<Probe />);
    await expect.element(page.getByTestId('probe')).toHaveTextContent('1');
  });
});
