// Every /api URL, compared with the committed list in server/api-routes.txt: a route added, removed
// or moved is a visible diff there. The URLs are a public contract: other clients and older SPA builds
// call them (ADR 014, ADR 016).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api } from './app.ts';

/** "METHOD /api/path" per endpoint, sorted; `.use()` middleware (method ALL) is not an endpoint. */
function endpoints(): string[] {
  const lines = api.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} /api${r.path}`);
  return [...new Set(lines)].sort((a, b) => {
    const [ma = '', pa = ''] = a.split(' ');
    const [mb = '', pb = ''] = b.split(' ');
    return pa < pb ? -1 : pa > pb ? 1 : ma < mb ? -1 : ma > mb ? 1 : 0;
  });
}

describe('the /api routes', () => {
  it('are exactly the committed list (server/api-routes.txt)', () => {
    const committed = readFileSync(new URL('./api-routes.txt', import.meta.url), 'utf8').split('\n').filter(Boolean);
    expect(endpoints()).toEqual(committed);
  });
});
