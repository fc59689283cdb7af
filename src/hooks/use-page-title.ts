// A page's own document title in place of its route's (src/app/router.tsx, titleFor), for a page
// whose subject changes at one path: /assessment/:id is the questionnaire ("Assessment") and, once
// the assessment is submitted, its results ("Assessment results"). Still one title mechanism: the
// router writes document.title, from the title a page set here or else from its route (WCAG 2.4.2).
import { useEffect, useSyncExternalStore } from 'react';

let pageTitle: string | null = null;
const listeners = new Set<() => void>();

function setPageTitle(next: string | null): void {
  if (next === pageTitle) return;
  pageTitle = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The title the page on screen set (without " · MVRSP Assess"), or null: the router reads it. */
export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(subscribe, () => pageTitle);
}

/** While the calling page is shown, `title` replaces its route's title; null keeps the route's. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    setPageTitle(title);
    return () => setPageTitle(null);
  }, [title]);
}
