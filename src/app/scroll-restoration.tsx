// What the data router's <ScrollRestoration> did: a new page opens at the top (or at its #hash),
// Back/Forward return to where that page was left, also across a reload of the tab.
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'mvrsp.scroll-positions';

function readSaved(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

const saved = readSaved();

/** Scrolls to the element the hash names; false when there is none. */
function scrollToHash(hash: string): boolean {
  try {
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
    return !!target;
  } catch {
    return false; // not a decodable element id
  }
}

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const remember = () => {
      saved[location.key] = window.scrollY;
    };
    const persist = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
      } catch {
        /* storage unavailable: positions are kept for this page load only */
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    // (Statements, not `return window.scrollTo(…)`: Chromium's scroll methods now return a Promise,
    // and React would take it for the effect's cleanup.)
    const restore = navigationType === 'POP' ? saved[location.key] : undefined;
    if (restore !== undefined) window.scrollTo(0, restore);
    else if (!(location.hash && scrollToHash(location.hash))) window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
