// One drainer per origin: a Web Lock taken with ifAvailable (page and service worker share it),
// or an in-process mutex where navigator.locks is missing (old Safari, Node tests).

/**
 * What the holder may assume: 'origin' (a Web Lock: no other page or worker of this origin is
 * draining, so work another drainer left marked in flight was left by one that is gone) or
 * 'realm' (the in-process mutex: other tabs may be draining now, so their marks stand until they
 * expire).
 */
export type LockScope = 'origin' | 'realm';

/** Runs fn while holding the lock; resolves { acquired: false } at once when someone else holds it. */
export type DrainLock = <T>(fn: (scope: LockScope) => Promise<T>) => Promise<{ acquired: true; value: T } | { acquired: false }>;

interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

const held = new Set<string>();

/** A mutex shared by every engine in this JavaScript realm that uses the same name. */
export function createInProcessLock(name: string): DrainLock {
  return async (fn) => {
    if (held.has(name)) return { acquired: false };
    held.add(name);
    try {
      return { acquired: true, value: await fn('realm') };
    } finally {
      held.delete(name);
    }
  };
}

export function createWebLock(name: string, locks: LockManagerLike): DrainLock {
  return (fn) =>
    locks.request(name, { ifAvailable: true }, async (lock) => {
      if (!lock) return { acquired: false as const };
      return { acquired: true as const, value: await fn('origin') };
    });
}

/** navigator.locks when the runtime has it, else the in-process mutex. */
export function createDrainLock(name: string): DrainLock {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ? createWebLock(name, nav.locks) : createInProcessLock(name);
}
