// Rendering for component tests (vitest project 'component', real Chromium): mounts a React
// element into a fresh container of the test page and returns its unmount. Real browser events
// update the component as in the app, and `expect.element` retries until the DOM matches, so no
// act() is needed (and IS_REACT_ACT_ENVIRONMENT stays unset). Every render gets its own query
// client of the data layer (src/lib/server-data, ADR 032), as a signed-out page would, so
// components that read or write through it render on their own.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../src/lib/server-data/query-client.ts';

export function renderComponent(element: ReactNode): () => void {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  root.render(<QueryClientProvider client={createQueryClient()}>{element}</QueryClientProvider>);
  return () => {
    root.unmount();
    container.remove();
  };
}
