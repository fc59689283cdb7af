// "Saving…" as a tiny external store. The flag itself flips at once (Next and Submit wait for the
// write); what the screen shows flips only when a save is still running after SHOW_AFTER_MS, so a
// normal save (a few ms, on this device) re-renders nothing and its transaction shares the click's
// turn with no React work.
import { useState, useSyncExternalStore } from 'react';
import type { WriteResult } from '../../../sync/index.ts';

export const SHOW_AFTER_MS = 150;

export interface SavingFlag {
  /** True from the click until the local write has finished. */
  get(): boolean;
  /** True once a save has taken longer than SHOW_AFTER_MS (what the footer shows). */
  shown(): boolean;
  /** Tracks one local write. */
  track(write: Promise<WriteResult>): Promise<WriteResult>;
  /** Runs `fn` now, or after the running write if it succeeded. */
  afterSave(fn: () => void): void;
  subscribe(listener: () => void): () => void;
}

export function createSavingFlag(): SavingFlag {
  let running: Promise<WriteResult> | null = null;
  let shown = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const show = (next: boolean) => {
    if (next === shown) return;
    shown = next;
    for (const l of listeners) l();
  };
  return {
    get: () => running !== null,
    shown: () => shown,
    track(write) {
      running = write;
      clearTimeout(timer);
      timer = setTimeout(() => show(running !== null), SHOW_AFTER_MS);
      const settle = () => {
        if (running !== write) return;
        running = null;
        clearTimeout(timer);
        show(false);
      };
      void write.then(settle, settle);
      return write;
    },
    afterSave(fn) {
      if (!running) return fn();
      void running.then((res) => res.ok && fn(), () => undefined);
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

/** What the footer shows: true only for a save that has been running for a while. */
export function useSaving(flag: SavingFlag): boolean {
  return useSyncExternalStore(flag.subscribe, flag.shown, flag.shown);
}
