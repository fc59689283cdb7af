// The one place errors become HTTP (error-handler.ts), against a real database error.
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { handleError } from './error-handler.ts';
import type { AppEnv } from './factory.ts';

describe('handleError', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite');
  }, 120_000);
  afterAll(async () => server?.close());

  const appThatRuns = (statement: ReturnType<typeof sql>) => {
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('deps', server.deps);
      await next();
    });
    app.get('/x', async (c) => c.json(await server.deps.db.execute(statement)));
    app.onError(handleError);
    return app;
  };

  it('answers 400, not 500, when the database refuses a request value (SQLSTATE class 22)', async () => {
    const res = await appThatRuns(sql`select ${3_000_000_000}::int as n`).request('/x');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'A value in the request is out of range or malformed.', code: 'validation_failed' });
  });

  it('still hides any other database failure behind a 500', async () => {
    const res = await appThatRuns(sql`select * from no_such_table`).request('/x');
    expect(res.status).toBe(500);
    expect((await res.json()).code).toBe('internal_error');
  });
});
