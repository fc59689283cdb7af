// Cheap fast-check arbitraries for the security fuzz suites: hostile path params, query strings,
// bodies (JSON of the wrong shape, prototype-pollution keys, invalid JSON, huge or deeply nested
// values, octet-stream and multipart) and content types. Text PostgreSQL cannot store (NUL, lone
// surrogates, also in keys and e-mails), deep nesting inside accepted fields (`data`) and extreme
// ISO dates in query parameters each have their own generator: they found 5xx the generic ones missed.
import fc from 'fast-check';
import { FUZZ_SEED } from '#tests/setup/test-env.ts';

// Every fuzz run is seeded (failures print the seed and path to replay).
fc.configureGlobal({ seed: FUZZ_SEED });

/** Field names the contracts in domain/contracts use, so generated objects reach the validators. */
export const FIELD_NAMES = [
  'email', 'password', 'confirmPassword', 'firstName', 'lastName', 'organizationName', 'organizationId', 'supabaseUserId',
  'contactName', 'contactEmail', 'contactPhone', 'token', 'role', 'name', 'joinByLinkEnabled', 'questionId', 'answer',
  'answers', 'baseVersion', 'assessmentId', 'evidenceId', 'fileName', 'mimeType', 'fileType', 'size', 'sha256', 'status',
  'notes', 'reason', 'paidUntil', 'points', 'domainId', 'questionText', 'guidance', 'critical', 'mutations', 'cursor',
  'clientId', 'since', 'data', 'refresh_token', 'grant_type', 'redirect_to', 'type', 'token_hash', 'scope', 'id',
  'effectiveOn', 'expiresOn',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
] as const;

const NASTY_STRINGS = [
  '', ' ', '\u0000', '..', '../../etc/passwd', '%00', "' OR 1=1 --", '"; DROP TABLE users; --', '<script>alert(1)</script>',
  'null', 'undefined', 'NaN', '-1', '0', '1e309', '9'.repeat(400), '\u202e\ufeff', '😀'.repeat(50), '__proto__', 'constructor',
  '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'x'.repeat(5_000),
  '\ud800', 'a\udc00b', '\udbff', 'a\u0000@example.org', 'x\ud800@example.org',
];

/** Lone surrogates: invalid UTF-16 that PostgreSQL refuses in text and jsonb. */
export const LONE_SURROGATES = ['\ud800', 'k\udfff', 'a\udc00b', '\udbffz', 'x\ud800@example.org'];

/** ISO instants JavaScript parses but PostgreSQL cannot store or compare (year 0, far past and future). */
export const EXTREME_DATES = [
  '0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '9999-12-31T23:59:59Z',
  '1000-01-01T00:00:00.000+14:00', '2020-02-30T00:00:00Z', '1e309',
]

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 16 }) },
  { weight: 1, arbitrary: fc.uuid() },
);

const scalar = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e21),
);

/** Any JSON-ish value, a little nested. */
export const jsonish: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 4, arbitrary: fc.string({ maxLength: 8 }) }, { weight: 1, arbitrary: fc.constantFrom(...LONE_SURROGATES) }),
    tie('value'),
    { maxKeys: 5 },
  ),
})).value;

/** `depth` nested objects ({ a: { a: … } }) or arrays around a leaf. */
export function nested(depth: number, arrays = false, leaf: unknown = 1): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
}

/** Fields that accept a whole object or array: deep nesting and bad text hide inside them. */
const OBJECT_FIELDS = ['data', 'answers', 'mutations', 'payload', 'answer', 'correctiveAction', 'sources'] as const;

/** An object using the real field names with wrong-typed values. */
const fieldObject = fc.dictionary(fc.constantFrom(...FIELD_NAMES), jsonish, { minKeys: 1, maxKeys: 8 });

const DEEP = '['.repeat(5_000) + ']'.repeat(5_000);
const DEEP_OBJECT = '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000);
const POLLUTION = [
  '{"__proto__":{"isAdmin":true,"role":"system_admin"}}',
  '{"constructor":{"prototype":{"role":"system_admin"}}}',
  '{"__proto__":null,"organizationId":{"__proto__":{"x":1}}}',
  '{"role":"system_admin","organizationId":"00000000-0000-0000-0000-000000000000","__proto__":{"status":"paid"}}',
];
const INVALID_JSON = ['{', '}', '{"a":', '[1,2', 'nul', "{'a':1}", '{"a":1,}', '\u0000', '{"email":"x"}garbage', '"unterminated', 'NaN'];

export interface FuzzBody {
  /** Raw body text or bytes; undefined = no body. */
  body?: string | Uint8Array | FormData;
  contentType?: string;
  label: string;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'application/xml',
  'multipart/form-data; boundary=----nope',
  'application/json; charset=utf-16',
  undefined,
];

/** A multipart form with random fields and small random "files" (evidence_0..). */
const multipartBody = fc
  .record({
    fields: fc.dictionary(fc.constantFrom(...FIELD_NAMES, 'evidence_0', 'evidence_1', 'effectiveOn_0', 'expiresOn_0'), nastyString, { maxKeys: 5 }),
    files: fc.array(fc.record({ name: fc.constantFrom('evidence_0', 'evidence_1', 'file', 'evidence_x'), fileName: nastyString, bytes: fc.uint8Array({ maxLength: 64 }), type: fc.constantFrom('application/pdf', 'text/plain', 'image/png', '', 'application/x-msdownload') }), { maxLength: 2 }),
  })
  .map(({ fields, files }): FuzzBody => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files) form.append(f.name, new Blob([f.bytes], { type: f.type }), f.fileName || 'x');
    return { body: form, label: `multipart ${JSON.stringify(fields)} +${files.length} file(s)` };
  });

/** A request body of any kind, with a (possibly lying) content type. */
export const fuzzBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<FuzzBody>({ label: 'no body' }) },
  { weight: 4, arbitrary: fc.tuple(fieldObject, fc.constantFrom(...CONTENT_TYPES)).map(([o, t]) => ({ body: JSON.stringify(o), contentType: t, label: `fields ${JSON.stringify(o).slice(0, 200)}` })) },
  { weight: 2, arbitrary: fc.tuple(jsonish, fc.constantFrom(...CONTENT_TYPES)).map(([v, t]) => ({ body: JSON.stringify(v) ?? 'null', contentType: t, label: `json ${String(JSON.stringify(v)).slice(0, 200)}` })) },
  { weight: 1, arbitrary: fc.constantFrom(...POLLUTION).map((b) => ({ body: b, contentType: 'application/json', label: `pollution ${b}` })) },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...INVALID_JSON), fc.string({ maxLength: 40 })).map((b) => ({ body: b, contentType: 'application/json', label: `invalid json ${JSON.stringify(b)}` })) },
  { weight: 1, arbitrary: fc.constantFrom(DEEP, DEEP_OBJECT).map((b) => ({ body: b, contentType: 'application/json', label: 'deeply nested' })) },
  {
    // Deep nesting inside a field that accepts an object (PUT /auth/v1/user { data } was stored, then broke every token).
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.oneof({ weight: 3, arbitrary: fc.constant('data') }, { weight: 2, arbitrary: fc.constantFrom(...OBJECT_FIELDS) }),
        // Just past a sane limit, or deep enough to overflow a recursive serializer (jose's, ~2,000) while
        // the JSON still fits a 16 KB limit (7 characters per object level, 3 per array level).
        fc.oneof({ weight: 1, arbitrary: fc.integer({ min: 7, max: 12 }) }, { weight: 3, arbitrary: fc.integer({ min: 2_000, max: 2_300 }) }),
        fc.boolean(),
      )
      .map(([k, n, arrays]) => ({ body: JSON.stringify({ [k]: { x: nested(n, arrays) } }), contentType: 'application/json', label: `${k} nested ${n} deep` })),
  },
  {
    // NUL and lone surrogates in keys and values of real fields, e-mails included.
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...FIELD_NAMES), fc.constantFrom(...LONE_SURROGATES, 'a\u0000@example.org', 'x\u0000y'), fc.boolean())
      .map(([k, bad, inKey]) => {
        // With a password, so a password grant gets as far as looking the e-mail up.
        const o = inKey ? { data: { [bad]: 'v' }, [k]: 'v' } : { [k]: bad, email: bad, password: 'Any-password-123', data: { v: bad } };
        return { body: JSON.stringify(o), contentType: 'application/json', label: `bad text ${JSON.stringify(o).slice(0, 120)}` };
      }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...FIELD_NAMES.slice(0, 12)).map((k) => ({ body: JSON.stringify({ [k]: 'x'.repeat(100_000) }), contentType: 'application/json', label: `huge ${k}` })),
  },
  { weight: 1, arbitrary: fc.tuple(fc.uint8Array({ maxLength: 128 }), fc.constantFrom('application/octet-stream', 'application/offset+octet-stream', 'application/json', 'application/pdf')).map(([b, t]) => ({ body: b, contentType: t, label: `bytes(${b.length}) as ${t}` })) },
  { weight: 1, arbitrary: multipartBody },
);

/** A path parameter: real ids of the world, random UUIDs, garbage, encoded traversal. */
export const pathParam = (realIds: string[]) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...realIds) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.uuid().map((u) => u.toUpperCase()) },
    { weight: 2, arbitrary: nastyString.filter((s) => s.length > 0).map(encodeLoosely) },
    { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%zz', '%2e%2e', '%2F', 'a%00b', '1;DROP', '-', '~') },
  );

/** encodeURIComponent, but a lone surrogate (which it throws on) becomes its raw %ED%A0%80 bytes. */
export function encodeLoosely(s: string): string {
  return [...s]
    .map((ch) => {
      const c = ch.charCodeAt(0);
      if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) return `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
      return encodeURIComponent(ch);
    })
    .join('');
}

const QUERY_KEYS = ['since', 'page', 'pageSize', 'q', 'limit', 'format', 'paidUntil', 'before', 'after'] as const;

/**
 * A query string of random keys (and the real ones) with hostile values, or one of the date and
 * number parameters with an extreme value. Starts with "?"; see appendQuery for paths that have one.
 */
export const queryString = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES, ...QUERY_KEYS), fc.string({ maxLength: 6 })), nastyString, { maxKeys: 4 })
      .map((d) => {
        const s = Object.entries(d).map(([k, v]) => `${encodeLoosely(k)}=${encodeLoosely(v)}`).join('&');
        return s ? `?${s}` : '';
      }),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom('since', 'since', 'since', 'paidUntil', 'page'), fc.constantFrom(...EXTREME_DATES))
      .map(([k, v]) => `?${k}=${encodeURIComponent(v)}`),
  },
);

/** path + a queryString value, joined with "&" when the path already has a query. */
export const appendQuery = (path: string, query: string) => (query && path.includes('?') ? `${path}&${query.slice(1)}` : path + query);

/** Optional extra headers the upload routes read. */
export const extraHeaders = fc.record(
  {
    // Header values are byte strings: printable ASCII only.
    'upload-offset': fc.oneof(fc.nat({ max: 10_000_000 }).map(String), nastyString.map((s) => s.replace(/[^\x20-\x7e]/g, '?').slice(0, 200))),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1'),
  },
  { requiredKeys: [] },
);

/** Fills :params of a registered route pattern. */
export function fillPath(pattern: string, params: string[]): string {
  let i = 0;
  return pattern.replace(/:[A-Za-z]+/g, () => params[i++ % params.length] ?? 'x');
}

export interface Sent {
  status: number;
  text: string;
  json: any;
  contentType: string;
}

export async function send(
  app: { request(path: string, init: RequestInit): Response | Promise<Response> },
  method: string,
  path: string,
  input: FuzzBody,
  headers: Record<string, string>,
): Promise<Sent> {
  const h: Record<string, string> = { ...headers };
  const withBody = method !== 'GET' && method !== 'HEAD' && input.body !== undefined;
  if (withBody && input.contentType && !(input.body instanceof FormData)) h['content-type'] = input.contentType;
  const res = await app.request(path, { method, headers: h, body: withBody ? (input.body as BodyInit) : undefined });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, text, json, contentType: res.headers.get('content-type') ?? '' };
}
