// Typed wrapper around the autocannon programmatic API (the package ships no type declarations).
import { createRequire } from 'node:module';

export interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: CannonRequest, context: Record<string, unknown>) => CannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  requests?: CannonRequest[];
  headers?: Record<string, string>;
}

interface Histogram {
  average: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  total?: number;
}

export interface CannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}

const run = createRequire(import.meta.url)('autocannon') as (opts: CannonOptions) => Promise<CannonResult>;

export function autocannon(opts: CannonOptions): Promise<CannonResult> {
  return run(opts);
}
