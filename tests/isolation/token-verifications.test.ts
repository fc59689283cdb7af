// Each authenticated /api request verifies its bearer token exactly once: every resource is one
// sub-app with its guards declared once (server/app.ts, server/routes/), so no sub-app's middleware
// runs again for routes mounted after it under the same prefix. Every row of the tenant matrix's
// route table (tests/isolation/routes.ts) is called by its allowed caller while the app's own token
// verifier counts its calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ROWS } from './routes.ts';
import { buildWorld, type World } from './world.ts';

describe('token verification per request', () => {
  let w: World;
  let verifications = 0;

  beforeAll(async () => {
    w = await buildWorld('pglite');
    const tokens = w.server.deps.tokens;
    const verify = tokens.verify.bind(tokens);
    tokens.verify = (token: string) => {
      verifications += 1;
      return verify(token);
    };
  }, 180_000);
  afterAll(async () => w?.server.close());

  it.each(ROUTE_ROWS.map((row) => [`${row.method} ${row.route}`, row] as const))('%s verifies the token once', async (_name, row) => {
    const token = {
      user: async () => (await w.freshUser()).accessToken,
      member: async () => w.memberA.accessToken,
      org_admin: async () => w.adminA.accessToken,
      system_admin: async () => w.systemAdmin.accessToken,
    }[row.access];
    const caller = await token();
    const req = await row.request(w);
    verifications = 0;
    const res = await w.server.json(row.method, req.path, req.body, caller);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect(verifications).toBe(1);
  });
});
