import type { Logger } from '../lib/logger.ts';

/**
 * Work the provider finishes after it has answered (e.g. the recovery link's database writes and
 * mail), so an answer takes the same time whether or not the address has an account. Failures are
 * logged by label only (never the error text, which could quote a mail or link).
 */
export interface BackgroundTasks {
  run(label: string, task: () => Promise<void>): void;
  /** Resolves when every task started so far has settled (tests, graceful shutdown). */
  idle(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(label, task) {
      const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => logger.error('auth background task failed', { task: label, error: err instanceof Error ? err.name : 'unknown' }))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
