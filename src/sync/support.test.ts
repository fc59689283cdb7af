// ids, backoff, lock and transport: the small pieces the engine is built from.
import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, backoffDelay } from './backoff.ts';
import { parseRetryAfter } from '../lib/http.ts';
import { uuidv7, uuidv7Time } from './ids.ts';
import { createInProcessLock, createWebLock } from './lock.ts';
import { createFetchTransport } from './transport.ts';

describe('uuidv7', () => {
  it('is an RFC 9562 version 7 id carrying its timestamp, sortable by time', () => {
    const t = Date.parse('2026-11-01T09:00:00Z');
    const a = uuidv7(t);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidv7Time(a)).toBe(t);
    expect(uuidv7(t + 1) > a).toBe(true);
    expect(new Set(Array.from({ length: 100 }, () => uuidv7(t))).size).toBe(100);
  });
});

describe('backoff', () => {
  it('grows exponentially with full jitter between 1 s and 5 min', () => {
    expect(backoffDelay(1, () => 0.99)).toBe(1_000);
    expect(backoffDelay(4, () => 0.5)).toBe(4_000);
    expect(backoffDelay(4, () => 0)).toBe(1_000);
    expect(backoffDelay(30, () => 0.999999)).toBeLessThanOrEqual(BACKOFF_MAX_MS);
    expect(backoffDelay(30, () => 0.999999)).toBeGreaterThan(BACKOFF_MAX_MS - 1_000);
  });
  it('reads Retry-After as seconds or a date', () => {
    const now = Date.parse('2026-11-01T09:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Nov 2026 09:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('drain locks', () => {
  it('lets one holder in and turns a second away at once', async () => {
    const lock = createInProcessLock(`t-${Math.random()}`);
    let release!: () => void;
    const first = lock(() => new Promise<string>((r) => (release = () => r('done'))));
    expect(await lock(async () => 'second')).toEqual({ acquired: false });
    release();
    expect(await first).toEqual({ acquired: true, value: 'done' });
    expect(await lock(async () => 'third')).toEqual({ acquired: true, value: 'third' });
  });
  it('uses navigator.locks with ifAvailable', async () => {
    const calls: unknown[] = [];
    const locks = { request: async (name: string, opts: { ifAvailable: boolean }, cb: (l: unknown) => Promise<unknown>) => (calls.push([name, opts]), cb(null)) };
    expect(await createWebLock('mvrsp-outbox', locks as never)(async () => 1)).toEqual({ acquired: false });
    expect(calls).toEqual([['mvrsp-outbox', { ifAvailable: true }]]);
  });
});

describe('fetch transport', () => {
  it('attaches the token at send time and classifies failures', async () => {
    const seen: string[] = [];
    let mode: 'ok' | 'throw' | '503' = 'ok';
    const transport = createFetchTransport({
      getToken: async ({ forceRefresh }) => (forceRefresh ? 'fresh' : 'stale'),
      fetch: async (url, init) => {
        seen.push(`${url} ${new Headers(init.headers).get('authorization')}`);
        if (mode === 'throw') throw new TypeError('Failed to fetch');
        if (mode === '503') return new Response(JSON.stringify({ error: 'down', code: 'internal_error' }), { status: 503, headers: { 'retry-after': '7' } });
        return new Response(JSON.stringify({ results: [] }), { status: 200 });
      },
    });
    expect(await transport.push({ clientId: 'c', pendingCount: 0, mutations: [] })).toEqual({ ok: true, value: { results: [] } });
    mode = 'throw';
    expect(await transport.pull('a b', '2026-01-01T00:00:00.000Z', { forceRefresh: true })).toMatchObject({ ok: false, kind: 'network' });
    mode = '503';
    expect(await transport.push({ clientId: 'c', pendingCount: 0, mutations: [] })).toEqual({ ok: false, kind: 'http', status: 503, code: 'internal_error', message: 'down', retryAfterMs: 7_000 });
    expect(seen[0]).toBe('/api/sync/push Bearer stale');
    expect(seen[1]).toBe('/api/sync/pull?assessmentId=a+b&since=2026-01-01T00%3A00%3A00.000Z Bearer fresh');
  });
  it('reports 401 without calling the server when nobody is signed in', async () => {
    let called = false;
    const transport = createFetchTransport({ getToken: async () => null, fetch: async () => ((called = true), new Response('{}')) });
    expect(await transport.push({ clientId: 'c', pendingCount: 0, mutations: [] })).toMatchObject({ ok: false, status: 401 });
    expect(called).toBe(false);
  });
});
