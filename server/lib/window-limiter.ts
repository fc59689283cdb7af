/** Fixed-window counters kept in memory (per process); good enough for per-IP throttling. */
export class WindowLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; returns the seconds to wait when the key is over its budget, else 0. */
  hit(key: string, nowMs: number): number {
    this.sweep(nowMs);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= nowMs) {
      this.hits.set(key, { count: 1, resetAt: nowMs + this.windowMs });
      return 0;
    }
    entry.count += 1;
    return entry.count > this.max ? Math.ceil((entry.resetAt - nowMs) / 1000) : 0;
  }

  private sweep(nowMs: number) {
    if (this.hits.size < 10_000) return;
    for (const [k, v] of this.hits) if (v.resetAt <= nowMs) this.hits.delete(k);
  }
}
