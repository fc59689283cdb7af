// Keyboard answering: Y / N answer, ← / → move to the previous / next question.
import { useEffect, useLayoutEffect, useRef } from 'react';

export interface QuestionKeyHandlers {
  onYes: () => void;
  onNo: () => void;
  onPrevious: () => void;
  onNext: () => void;
}

function ignored(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return true;
  const t = e.target as HTMLElement | null;
  if (!t) return false;
  if (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName)) return true;
  // Tabs own their arrow keys; an open dialog owns every key.
  return !!t.closest('[role="tablist"]') || !!document.querySelector('[aria-modal="true"]');
}

export function useQuestionKeys(handlers: QuestionKeyHandlers, enabled: boolean): void {
  const ref = useRef(handlers);
  // Updated in the commit that renders the new state, before the browser handles another event. A
  // passive effect runs later (a task after paint when the render came from a store update, such as
  // a saved answer): a key pressed in between met the previous render's handlers, e.g. an → on a
  // just-answered question whose Next button already showed enabled did nothing.
  useLayoutEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (ignored(e)) return;
      const h = ref.current;
      const key = e.key.toLowerCase();
      const action = key === 'y' ? h.onYes : key === 'n' ? h.onNo : e.key === 'ArrowLeft' ? h.onPrevious : e.key === 'ArrowRight' ? h.onNext : null;
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
