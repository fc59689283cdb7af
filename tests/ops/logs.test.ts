// JSON log lines: a line a service writes while handling a request carries that request's id without
// the service passing it (AsyncLocalStorage, server/lib/logger.ts), and the access line follows.
import { describe, expect, it } from 'vitest';
import { createLogger } from '#server/lib/logger.ts';
import { createTestServer } from '#tests/setup/app.ts';

describe('request logging', () => {
  it('tags every line logged during a request with its id and ends with one access line', async () => {
    const lines: string[] = [];
    const server = await createTestServer('pglite', {}, { logger: createLogger('info', (_lvl, line) => lines.push(line)) });
    server.deps.storage.check = () => Promise.reject(new Error('disk gone'));
    lines.length = 0;
    // A client's own X-Request-Id is not believed (only a trusted proxy's is): the server makes one.
    const res = await server.app.request('/api/ready?probe=secret-q', { headers: { 'x-request-id': 'req-logs-1' } });
    expect(res.status).toBe(503);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.map((e) => [e.msg, e.requestId])).toEqual([
      ['readiness check failed', id],
      ['request', id],
    ]);
    expect(lines.join('\n')).not.toContain('req-logs-1');
    expect(entries[0]).toMatchObject({ level: 'warn', check: 'storage', error: 'disk gone' });
    expect(entries[1]).toMatchObject({ level: 'info', method: 'GET', route: '/api/ready', status: 503 });
    expect(lines.join('\n')).not.toContain('secret-q');
    // Outside a request, no id.
    server.deps.logger.info('between requests');
    expect(JSON.parse(lines.at(-1)!)).not.toHaveProperty('requestId');
  });

  it('keeps the fixed keys when a field has the same name', () => {
    const lines: string[] = [];
    createLogger('debug', (_l, line) => lines.push(line)).warn('hello', { level: 'debug', msg: 'other', n: 10n });
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', msg: 'hello', n: '10' });
  });
});
