// Open-loop load for scripts/bench/load.ts: requests are sent on a fixed schedule (a constant
// arrival rate) whether or not earlier ones have returned, and each latency is measured from the
// request's SCHEDULED send time, so a stalled server is charged for every request that queued
// behind it (no coordinated omission; Gil Tene, "How NOT to Measure Latency", and wrk2's design).
// Keep-alive connections come from a pool much larger than the in-flight count the run reaches;
// the result reports the peak in-flight count so a client-side queue would show.
import http from 'node:http';

export interface OpenRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface LatencyStats {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface OpenLoopResult extends LatencyStats {
  /** Requests that failed on the network or answered other than 2xx. */
  errors: number;
  /** Completed requests per second over the run (sent on schedule, so ≈ the target unless the server falls behind). */
  achievedRate: number;
  targetRate: number;
  seconds: number;
  peakInFlight: number;
  poolSize: number;
}

export function latencyStats(samples: number[]): LatencyStats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0;
  return { count: s.length, p50: at(50), p90: at(90), p99: at(99), max: s[s.length - 1] ?? 0 };
}

function send(agent: http.Agent, port: number, req: OpenRequest): Promise<number> {
  return new Promise((resolve) => {
    const r = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: req.path, agent, headers: { ...req.headers, 'content-length': Buffer.byteLength(req.body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    r.on('error', () => resolve(0));
    r.end(req.body);
  });
}

/**
 * `rate` requests per second for `seconds` to 127.0.0.1:`port`; `next(i)` builds request i.
 * `onError` sees the first failures (status 0 = network error).
 */
export async function openLoop(opts: {
  port: number;
  rate: number;
  seconds: number;
  next: (i: number) => OpenRequest;
  poolSize?: number;
  onError?: (status: number, i: number) => void;
}): Promise<OpenLoopResult> {
  const poolSize = opts.poolSize ?? 1024;
  const agent = new http.Agent({ keepAlive: true, maxSockets: poolSize, maxFreeSockets: poolSize });
  const total = Math.round(opts.rate * opts.seconds);
  const interval = 1000 / opts.rate;
  const latencies: number[] = [];
  let errors = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  let done = 0;
  const t0 = performance.now();
  let lastEnd = t0;
  await new Promise<void>((resolve) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      // Every request whose time has come goes out now, however many are still in flight.
      while (i < total && t0 + i * interval <= now) {
        const scheduled = t0 + i * interval;
        const n = i++;
        inFlight += 1;
        peakInFlight = Math.max(peakInFlight, inFlight);
        void send(agent, opts.port, opts.next(n)).then((status) => {
          const end = performance.now();
          inFlight -= 1;
          latencies.push(end - scheduled);
          lastEnd = Math.max(lastEnd, end);
          if (status < 200 || status >= 300) {
            errors += 1;
            opts.onError?.(status, n);
          }
          if (++done === total) resolve();
        });
      }
      if (i < total) setTimeout(tick, Math.max(0, t0 + i * interval - performance.now()));
    };
    tick();
  });
  agent.destroy();
  const seconds = (lastEnd - t0) / 1000;
  return { ...latencyStats(latencies), errors, achievedRate: done / seconds, targetRate: opts.rate, seconds, peakInFlight, poolSize };
}
