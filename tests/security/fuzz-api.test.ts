// Property-based fuzzing of every /api route registered on the real app: hostile path params,
// query strings, bodies and content types, anonymous and as an org_admin. Never a 5xx; every
// refusal is a 4xx with a readable `error`. /api/admin/* is also fuzzed as the system admin.
// PGlite only (the drivers are covered elsewhere).
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { extraHeaders, fillPath, fuzzBody, pathParam, queryString, send, type Sent } from './fuzz-inputs.ts';
import { buildFuzzWorld, registeredRoutes } from './fuzz-world.ts';

const NUM_RUNS = 200;
const world = await buildFuzzWorld();
const routes = registeredRoutes(world.server, '/api/');

function expectApiAnswer(res: Sent, what: string) {
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    const error: unknown = res.json?.error;
    expect(typeof error === 'string' && error.trim().length > 0, `${what} → ${res.status} without a readable error: ${res.text.slice(0, 300)}`).toBe(true);
    expect(typeof res.json?.code, `${what} → ${res.status} without a code`).toBe('string');
  }
}

describe('API fuzzing (pglite)', () => {
  afterAll(async () => world.server.close());

  it('finds the whole /api surface', () => {
    expect(routes.length).toBeGreaterThanOrEqual(50);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/assessments/:id/responses', 'PATCH /api/evidence/uploads/:evidenceId', 'PUT /api/admin/users/:id/role']),
    );
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', { timeout: 600_000 }, async (_name, route) => {
    const adminRoute = route.path.startsWith('/api/admin/');
    const params = fc.array(pathParam(world.realIds), { minLength: 2, maxLength: 2 });
    const victimParams = fc.array(pathParam(world.victimIds), { minLength: 2, maxLength: 2 });
    await fc.assert(
      fc.asyncProperty(params, victimParams, queryString, fuzzBody, extraHeaders, fc.boolean(), async (p, vp, query, body, headers, garbageToken) => {
        const path = fillPath(route.path, p) + query;
        const what = `${route.method} ${path} [${body.label}]`;
        const anonymous = garbageToken ? { ...headers, authorization: 'Bearer not.a.jwt' } : headers;
        expectApiAnswer(await send(world.server.app, route.method, path, body, anonymous), `anonymous ${what}`);
        const asAdmin = { ...headers, authorization: `Bearer ${world.admin.accessToken}` };
        expectApiAnswer(await send(world.server.app, route.method, path, body, asAdmin), `org_admin ${what}`);
        if (adminRoute) {
          // org_admins only ever get 403 here; the system admin reaches the validators and services.
          const victimPath = fillPath(route.path, vp) + query;
          const asSystem = { ...headers, authorization: `Bearer ${world.systemAdmin.accessToken}` };
          expectApiAnswer(await send(world.server.app, route.method, victimPath, body, asSystem), `system_admin ${route.method} ${victimPath} [${body.label}]`);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    // The org_admin's session survived the run (the fuzzing was authenticated throughout).
    expect((await world.server.json('GET', '/api/auth/profile', undefined, world.admin.accessToken)).status).toBe(200);
  });

  it('answers unknown /api paths and methods with a readable 404', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'), fc.webPath(), fuzzBody, async (method, p, body) => {
        const path = `/api/zz${p}`;
        const res = await send(world.server.app, method, path, body, { authorization: `Bearer ${world.admin.accessToken}` });
        expectApiAnswer(res, `${method} ${path}`);
        expect(res.status).toBe(404);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
