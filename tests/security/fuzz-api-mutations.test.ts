// Structure-aware fuzzing: for every row of the tenant-isolation matrix (every authenticated /api
// route), take the row's VALID request (real ids, a body that passes validation) and mutate it —
// one field set to a hostile value, a field dropped, prototype-pollution keys, the wrong root type,
// truncated JSON, a lying content type — sent as the caller the row allows. These inputs get past
// the validators into the services. Never a 5xx; every refusal is a 4xx with a readable `error`.
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { organizations } from '#server/db/schema/index.ts';
import { ROUTE_ROWS, type RouteRow } from '#tests/isolation/routes.ts';
import { buildWorld } from '#tests/isolation/world.ts';
import { appendQuery, FIELD_NAMES, jsonish, LONE_SURROGATES, queryString, send, type FuzzBody, type Sent } from './fuzz-inputs.ts';

const NUM_RUNS = 200;
const w = await buildWorld('pglite');

function expectApiAnswer(res: Sent, what: string) {
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    const error: unknown = res.json?.error;
    expect(typeof error === 'string' && error.trim().length > 0, `${what} → ${res.status} without a readable error: ${res.text.slice(0, 300)}`).toBe(true);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);

/** Mutations of a valid JSON body. */
function mutations(template: unknown): fc.Arbitrary<FuzzBody> {
  const base = isObject(template) ? template : {};
  const keys = Object.keys(base);
  const anyKey = keys.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...keys) }, fc.constantFrom(...FIELD_NAMES)) : fc.constantFrom(...FIELD_NAMES);
  const asJson = (o: unknown, label: string, contentType = 'application/json'): FuzzBody => ({ body: JSON.stringify(o) ?? 'null', contentType, label });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(asJson(base, 'unchanged')) },
    { weight: 6, arbitrary: fc.tuple(anyKey, jsonish).map(([k, v]) => asJson({ ...base, [k]: v }, `set ${k}=${String(JSON.stringify(v)).slice(0, 80)}`)) },
    {
      weight: 2,
      arbitrary: fc.tuple(anyKey, jsonish, anyKey, jsonish).map(([k1, v1, k2, v2]) => asJson({ ...base, [k1]: v1, [k2]: v2 }, `set ${k1}, ${k2}`)),
    },
    { weight: 2, arbitrary: anyKey.map((k) => asJson(Object.fromEntries(Object.entries(base).filter(([key]) => key !== k)), `drop ${k}`)) },
    {
      // Text PostgreSQL cannot store (lone surrogate, NUL) in a real field, which the validators otherwise accept.
      weight: 1,
      arbitrary: fc
        .tuple(anyKey, fc.constantFrom(...LONE_SURROGATES, 'x\u0000y'))
        .map(([k, bad]) => asJson({ ...base, [k]: typeof base[k] === 'string' ? `${String(base[k])}${bad}` : bad }, `bad text in ${k}`)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype').map((k) => {
        const text = JSON.stringify(base).replace(/^\{/, `{"${k}":{"role":"system_admin","organizationId":"${w.orgB.id}","status":"active"},`).replace(/,\}$/, '}');
        return { body: text, contentType: 'application/json', label: `pollute ${k}` };
      }),
    },
    { weight: 1, arbitrary: fc.oneof(fc.array(fc.constant(base), { maxLength: 3 }), jsonish).map((v) => asJson(v, `root ${String(JSON.stringify(v)).slice(0, 60)}`)) },
    {
      weight: 1,
      arbitrary: fc.nat().map((n) => {
        const text = JSON.stringify(base);
        return { body: text.slice(0, n % Math.max(1, text.length)), contentType: 'application/json', label: 'truncated json' };
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/octet-stream', 'application/json; charset=latin1')
        .map((t) => asJson(base, `as ${t}`, t)),
    },
  );
}

/** A GET has no body to mutate, only the query string: fewer runs (the file renderers are slow). */
function runsFor(row: RouteRow): number {
  if (row.method !== 'GET') return NUM_RUNS;
  return /\.(pdf|docx|xlsx)$/.test(row.route) ? 10 : 40;
}

async function callerToken(row: RouteRow): Promise<string> {
  if (row.access === 'user') return (await w.freshUser()).accessToken;
  if (row.access === 'system_admin') return w.systemAdmin.accessToken;
  return w.adminA.accessToken;
}

describe('API mutation fuzzing of valid requests (pglite)', () => {
  afterAll(async () => w.server.close());
  // Mutations may switch join-by-link off or suspend organization A; later rows build their
  // valid requests on an active organization that members can join.
  afterEach(async () => {
    await w.server.deps.db.update(organizations).set({ status: 'active', joinByLinkEnabled: true }).where(eq(organizations.id, w.orgA.id));
  });

  it.each(ROUTE_ROWS.map((row) => [`${row.method} ${row.route}`, row] as const))('%s', { timeout: 600_000 }, async (_name, row) => {
    const template = await row.request(w);
    const token = await callerToken(row);
    const positive = await w.server.json(row.method, template.path, template.body, token);
    expect(positive.status, `the unmutated request works: ${JSON.stringify(positive.body)}`).toBeLessThan(500);
    await fc.assert(
      fc.asyncProperty(mutations(template.body), queryString, async (body, query) => {
        // Appended to the row's own query (GET /api/sync/pull?assessmentId=…&since=…), so the real ids stay valid.
        const path = appendQuery(template.path, query);
        expectApiAnswer(await send(w.server.app, row.method, path, body, { authorization: `Bearer ${token}` }), `${row.access} ${row.method} ${path} [${body.label}]`);
      }),
      { numRuns: runsFor(row) },
    );
  });
});
