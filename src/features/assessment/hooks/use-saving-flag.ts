// "Saving…" as a tiny external store: only the components that show it re-render when it flips,
// so a click on Yes/No does not re-render the whole questionnaire before its IndexedDB write.
import { useState, useSyncExternalStore } from 'react';

export interface SavingFlag {
  get(): boolean;
  set(value: boolean): void;
  subscribe(listener: () => void): () => void;
}

function createSavingFlag(): SavingFlag {
  let value = false;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (next === value) return;
      value = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One flag per mounted questionnaire. */
export function useSavingFlag(): SavingFlag {
  return useState(createSavingFlag)[0];
}

export function useSaving(flag: SavingFlag): boolean {
  return useSyncExternalStore(flag.subscribe, flag.get, flag.get);
}
