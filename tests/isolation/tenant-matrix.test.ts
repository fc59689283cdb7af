// Tenant isolation: every authenticated /api route, every kind of outsider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { PUBLIC_ROUTES, ROUTE_ROWS, type RouteRow } from './routes.ts';
import { buildWorld, type World } from './world.ts';

const key = (r: { method: string; route: string }) => `${r.method} ${r.route}`;

/** Registered /api routes with a concrete method (middleware and catch-alls register as ALL). */
function registeredApiRoutes(w: World): string[] {
  const keys = w.server.app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
    .map((r) => key({ method: r.method, route: r.path }));
  return [...new Set(keys)].sort();
}

describe.each([TEST_DRIVER])('tenant isolation matrix (%s)', (driver) => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(driver);
  }, 180_000);
  afterAll(async () => w?.server.close());

  const call = async (row: RouteRow, token: string | undefined) => {
    const req = await row.request(w);
    return w.server.json(row.method, req.path, req.body, token);
  };
  const expectNoDataOfA = (body: unknown, who: string) => {
    const text = JSON.stringify(body ?? '');
    for (const secret of w.secretsOfA) expect(text, `${who} saw "${secret}"`).not.toContain(secret);
  };

  it('has a row (or a public entry) for every registered /api route, and no stale rows', () => {
    const registered = registeredApiRoutes(w);
    const covered = new Set([...ROUTE_ROWS.map(key), ...PUBLIC_ROUTES.map(key)]);
    const missing = registered.filter((k) => !covered.has(k));
    expect(missing, 'add these routes to tests/isolation/routes.ts (ROUTE_ROWS) or PUBLIC_ROUTES').toEqual([]);
    const stale = [...covered].filter((k) => !registered.includes(k));
    expect(stale, 'rows for routes that are not registered').toEqual([]);
    expect(new Set(ROUTE_ROWS.map(key)).size, 'duplicate rows').toBe(ROUTE_ROWS.length);
  });

  it('lets the public routes answer without a token', async () => {
    const paths: Record<string, string> = {
      '/api/organization/public/:orgId': `/api/organization/public/${w.orgA.id}`,
      '/api/auth/validate-invite': '/api/auth/validate-invite?token=x',
    };
    for (const r of PUBLIC_ROUTES) {
      const res = await w.server.json(r.method, paths[r.route] ?? r.route, r.method === 'GET' ? undefined : {});
      expect(res.status, key(r)).not.toBe(401);
      expect(res.status, key(r)).toBeLessThan(500);
    }
  });

  it.each(ROUTE_ROWS.map((row) => [key(row), row] as const))('%s', async (_name, row) => {
    const anonymous = await call(row, undefined);
    expect(anonymous.status, 'anonymous').toBe(401);
    expectNoDataOfA(anonymous.body, 'anonymous');

    for (const [who, token] of [
      ['removed member (token from before removal)', w.removedA.oldToken],
      ['removed member (signed in again)', w.removedA.accessToken],
    ] as const) {
      const res = await call(row, token);
      expect([401, 403], who).toContain(res.status);
      expectNoDataOfA(res.body, who);
    }

    for (const outsider of [w.adminB, w.memberB]) {
      const who = `member of organization B (${outsider.email})`;
      const res = await call(row, outsider.accessToken);
      if (row.crossOrg === 'denied') expect([403, 404], who).toContain(res.status);
      expect(res.status, who).toBeLessThan(500);
      expectNoDataOfA(res.body, who);
    }

    if (row.access === 'org_admin' || row.access === 'system_admin') {
      const res = await call(row, w.memberA.accessToken);
      expect(res.status, 'team member of A').toBe(403);
    }
    if (row.access === 'system_admin') {
      expect((await call(row, w.adminA.accessToken)).status, 'org_admin of A').toBe(403);
    }

    // Positive control: the request really targets something the allowed caller can reach.
    const allowed = {
      user: async () => (await w.freshUser()).accessToken,
      member: async () => w.memberA.accessToken,
      org_admin: async () => w.adminA.accessToken,
      system_admin: async () => w.systemAdmin.accessToken,
    }[row.access];
    const ok = await call(row, await allowed());
    if (row.okStatus) expect(ok.status, `allowed caller: ${JSON.stringify(ok.body)}`).toBe(row.okStatus);
    else expect(ok.status, `allowed caller: ${JSON.stringify(ok.body)}`).toBeLessThan(300);
  });
});
