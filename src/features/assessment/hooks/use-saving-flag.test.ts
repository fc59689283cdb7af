import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WriteResult } from '../../../sync/index.ts';
import { createSavingFlag, SHOW_AFTER_MS } from './use-saving-flag.ts';

function deferred() {
  let resolve!: (r: WriteResult) => void;
  const promise = new Promise<WriteResult>((r) => (resolve = r));
  return { promise, resolve };
}

describe('saving flag', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  const flag = createSavingFlag;

  it('is set at once, but shown only for a save that runs longer than SHOW_AFTER_MS', async () => {
    const f = flag();
    const changes = vi.fn();
    f.subscribe(changes);
    const fast = deferred();
    void f.track(fast.promise);
    expect(f.get()).toBe(true);
    fast.resolve({ ok: true, value: undefined });
    await vi.advanceTimersByTimeAsync(SHOW_AFTER_MS * 2);
    expect(f.get()).toBe(false);
    expect(changes).not.toHaveBeenCalled();

    const slow = deferred();
    void f.track(slow.promise);
    await vi.advanceTimersByTimeAsync(SHOW_AFTER_MS + 1);
    expect(f.shown()).toBe(true);
    slow.resolve({ ok: true, value: undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(f.shown()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('runs a Next pressed during a save once the write succeeded, and not after a failed one', async () => {
    const f = flag();
    const moves = vi.fn();
    const ok = deferred();
    void f.track(ok.promise);
    f.afterSave(moves);
    expect(moves).not.toHaveBeenCalled();
    ok.resolve({ ok: true, value: undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(moves).toHaveBeenCalledTimes(1);

    const failed = deferred();
    void f.track(failed.promise);
    f.afterSave(moves);
    failed.resolve({ ok: false, code: 'storage_full', message: 'full' });
    await vi.advanceTimersByTimeAsync(0);
    expect(moves).toHaveBeenCalledTimes(1);
    f.afterSave(moves);
    expect(moves).toHaveBeenCalledTimes(2);
  });
});
