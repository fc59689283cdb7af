// The chaos "proxy": a fetch-like function between each client's real fetch transport and the real
// server (server.app.request). Seeded: it drops requests before or after the server handled them,
// duplicates some (the copy arrives later, out of order), delays everything, and refuses all
// traffic while the server is restarting.
import type { PushResultItem } from '#domain/contracts/sync.ts';
import type { FetchLike } from '#sync/transport.ts';

/** Tiny seeded PRNG (mulberry32): the same seed gives the same stream. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface ChaosRates {
  /** Share of requests lost: half never reach the server, half lose their response after it committed. */
  drop: number;
  /** Share of requests sent twice (the copy later, its response thrown away). */
  duplicate: number;
  maxDelayMs: number;
}
export const DEFAULT_RATES: ChaosRates = { drop: 0.3, duplicate: 0.1, maxDelayMs: 20 };

export interface ChaosStats {
  requests: number;
  droppedBefore: number;
  droppedAfter: number;
  duplicated: number;
  refusedWhileDown: number;
}

export interface ChaosProxy {
  /** One fetch per client, each with its own seeded stream of decisions. */
  fetchFor(clientIndex: number): FetchLike;
  /** Every push result a client actually received, by mutation id (the acknowledgements). */
  acks: Map<string, PushResultItem>;
  stats: ChaosStats;
  /** While true, every request fails like a refused connection. */
  down: boolean;
  /** Faults on/off (the final settle runs on a clean network). */
  chaos: boolean;
  /** Resolves when no request is being handled by the server (in-flight duplicates included). */
  idle(): Promise<void>;
}

type Target = (url: string, init: RequestInit) => Promise<Response>;
const offline = () => new TypeError('Failed to fetch');

export function createChaosProxy(seed: number, target: () => Target, rates: ChaosRates = DEFAULT_RATES): ChaosProxy {
  const inflight = new Set<Promise<unknown>>();
  const stats: ChaosStats = { requests: 0, droppedBefore: 0, droppedAfter: 0, duplicated: 0, refusedWhileDown: 0 };

  function forward(url: string, init: RequestInit): Promise<Response> {
    if (proxy.down) {
      stats.refusedWhileDown += 1;
      return Promise.reject(offline());
    }
    const p = target()(url, init);
    inflight.add(p);
    void p.finally(() => inflight.delete(p)).catch(() => undefined);
    return p;
  }

  async function recordAcks(url: string, res: Response) {
    if (!url.startsWith('/api/sync/push') || !res.ok) return;
    const body = (await res.clone().json()) as { results?: PushResultItem[] };
    for (const r of body.results ?? []) proxy.acks.set(r.id, r);
  }

  const proxy: ChaosProxy = {
    acks: new Map(),
    stats,
    down: false,
    chaos: true,
    fetchFor(clientIndex) {
      const rand = mulberry32(seed * 31 + clientIndex + 1);
      return async (url, init) => {
        stats.requests += 1;
        const [roll, dupRoll, d1, d2, d3] = [rand(), rand(), rand(), rand(), rand()];
        await sleep(Math.floor(d1 * rates.maxDelayMs));
        const faulty = proxy.chaos;
        if (faulty && roll < rates.drop / 2) {
          stats.droppedBefore += 1;
          throw offline();
        }
        if (faulty && dupRoll < rates.duplicate && !proxy.down) {
          stats.duplicated += 1;
          const copy = (async () => {
            await sleep(Math.floor(d3 * rates.maxDelayMs * 3));
            await forward(url, init).then((r) => r.arrayBuffer()).catch(() => undefined);
          })();
          inflight.add(copy);
          void copy.finally(() => inflight.delete(copy));
        }
        const res = await forward(url, init);
        if (faulty && roll >= rates.drop / 2 && roll < rates.drop) {
          stats.droppedAfter += 1;
          await res.arrayBuffer();
          throw offline();
        }
        await recordAcks(url, res);
        await sleep(Math.floor(d2 * rates.maxDelayMs));
        return res;
      };
    },
    async idle() {
      while (inflight.size) await Promise.allSettled([...inflight]);
    },
  };
  return proxy;
}
