// Rendering for component tests (vitest project 'component', real Chromium): mounts a React
// element into a fresh container of the test page and returns its unmount. Real browser events
// update the component as in the app, and `expect.element` retries until the DOM matches, so no
// act() is needed (and IS_REACT_ACT_ENVIRONMENT stays unset).
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

export function renderComponent(element: ReactNode): () => void {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  root.render(element);
  return () => {
    root.unmount();
    container.remove();
  };
}
