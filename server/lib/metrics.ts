// Prometheus metrics (prom-client), one registry per app instance: two apps in one process (tests,
// tests/scale) never share or double-register a metric, and each server process exposes only its own
// figures on GET /metrics (server/features/health/metrics.routes.ts). Label values come from bounded
// sets only: HTTP method, the matched route pattern (never the raw path), status class, job name,
// sync outcome.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  /** A request reached the app (the in-flight gauge); observeRequest ends it. */
  startRequest(): void;
  /** One observation per HTTP request, by method, route pattern and status class ("2xx"). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One per mutation of a POST /api/sync/push, by its result status. */
  countSyncResult(status: 'applied' | 'duplicate' | 'conflict' | 'rejected'): void;
  /** One per scheduled job run (server/features/jobs/scheduler.ts). */
  countJobRun(job: string, ok: boolean): void;
  /** Sets how queue depths are read on each scrape (the database is the queue; compose wires it). */
  setQueueReader(read: () => Promise<Record<string, number>>): void;
}

/** The HTTP methods a label may carry; anything else is counted as "other". */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request reaching the app to its response headers',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({ name: 'http_requests_in_flight', help: 'Requests being handled now (a draining instance shows what it waits for)', registers: [registry] });
  const sync = new Counter({ name: 'sync_mutations_total', help: 'Offline sync mutations pushed, by result (applied, duplicate = replayed, conflict, rejected)', labelNames: ['result'] as const, registers: [registry] });
  const jobs = new Counter({ name: 'scheduled_job_runs_total', help: 'Scheduled job runs on this instance, by job and outcome', labelNames: ['job', 'outcome'] as const, registers: [registry] });
  let readQueues: (() => Promise<Record<string, number>>) | undefined;
  new Gauge({
    name: 'queue_depth',
    help: 'Work waiting in the database, read at scrape time (shared by every instance)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      if (!readQueues) return;
      for (const [queue, depth] of Object.entries(await readQueues())) this.set({ queue }, depth);
    },
  });
  return {
    registry,
    startRequest: () => inFlight.inc(),
    observeRequest(method, route, status, seconds) {
      inFlight.dec();
      const labels = { method: METHODS.has(method) ? method : 'other', route, status: `${Math.floor(status / 100)}xx` };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    countSyncResult: (result) => sync.inc({ result }),
    countJobRun: (job, ok) => jobs.inc({ job, outcome: ok ? 'ok' : 'failed' }),
    setQueueReader(read) {
      readQueues = read;
    },
  };
}
