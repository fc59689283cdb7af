// HTTP hardening of the real app (server/app.ts): security headers on the SPA, /api and /auth/v1,
// CORS limited to APP_URL, and the per-route body limits (small JSON, evidence chunks, whole files).
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE_MAX_CHUNK_BYTES } from '#domain/evidence.ts';
import { createApp } from '#server/app.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { createOrgAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { WORKER_ID } from '#tests/setup/test-env.ts';

const EVIL = 'https://evil.example';
const MB = 1024 * 1024;

/** Parses a CSP header into directive → sources. */
function csp(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

function expectSecurityHeaders(res: Response, what: string) {
  const policy = csp(res.headers.get('content-security-policy'));
  expect(policy.size, `${what}: Content-Security-Policy`).toBeGreaterThan(0);
  const scriptSrc = policy.get('script-src') ?? policy.get('default-src') ?? [];
  expect(scriptSrc, `${what}: script-src`).toContain("'self'");
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(policy.get('style-src'), `${what}: style-src`).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(policy.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(res.headers.get('x-content-type-options'), `${what}: nosniff`).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), `${what}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  // Legacy browsers ignore frame-ancestors: X-Frame-Options must say the same thing.
  expect(res.headers.get('x-frame-options'), `${what}: X-Frame-Options`).toBe('DENY');
  expect(res.headers.get('strict-transport-security'), `${what}: HSTS`).toMatch(/max-age=\d+/);
}

describe('HTTP hardening (pglite)', () => {
  let server: TestServer;
  let admin: Member;
  let spa: ReturnType<typeof createApp>;
  let assessmentId: string;
  let questionId: string;

  beforeAll(async () => {
    server = await createTestServer('pglite');
    admin = await createOrgAdmin(server);
    const created = await server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId }, admin.accessToken);
    assessmentId = created.body.assessmentId;
    questionId = (await server.json('GET', '/api/questions', undefined, admin.accessToken)).body[0].id;
    // A minimal built SPA, served by a second app over the same dependencies.
    const dist = path.resolve(`node_modules/.tmp/security-spa-${WORKER_ID}`);
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>MVRSP Assess</title><script type="module" src="/assets/app.js"></script>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    spa = createApp(server.deps, { authProvider: undefined, staticDir: dist });
  }, 120_000);
  afterAll(async () => server?.close());

  const bearer = () => ({ authorization: `Bearer ${admin.accessToken}` });

  describe('security headers', () => {
    it('are sent with the SPA shell, its assets and client-side routes', async () => {
      for (const p of ['/', '/assets/app.js', '/dashboard', '/invite/abc']) {
        const res = await spa.request(p);
        expect(res.status, p).toBe(200);
        expectSecurityHeaders(res, `SPA ${p}`);
      }
    });

    it('are sent with /api answers, including errors and downloads-to-be', async () => {
      const cases: Array<[string, RequestInit?]> = [
        ['/api/health'],
        ['/api/config'],
        ['/api/auth/profile'],
        ['/api/no-such-route'],
        ['/api/auth/profile', { headers: bearer() }],
        [`/api/assessments/${assessmentId}/report.pdf`, { headers: bearer() }],
      ];
      for (const [p, init] of cases) expectSecurityHeaders(await server.app.request(p, init), `API ${p}`);
    });

    it('keep /api answers out of the browser HTTP cache (organization data must not outlive sign-out)', async () => {
      for (const p of ['/api/organization/members', '/api/assessments', `/api/assessments/${assessmentId}/responses`, '/api/questions', '/api/no-such-route']) {
        const res = await server.app.request(p, { headers: bearer() });
        expect(res.headers.get('cache-control'), p).toBe('private, no-store');
      }
      expect((await server.app.request('/api/auth/profile')).headers.get('cache-control'), 'a 401').toBe('private, no-store');
    });

    it('are sent with /auth/v1 answers, including errors', async () => {
      const cases: Array<[string, RequestInit?]> = [
        ['/auth/v1/health', { headers: { apikey: EMBEDDED_ANON_KEY } }],
        ['/auth/v1/settings', { headers: { apikey: EMBEDDED_ANON_KEY } }],
        ['/auth/v1/user'],
        ['/auth/v1/token?grant_type=password', { method: 'POST', headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' }, body: '{' }],
      ];
      for (const [p, init] of cases) expectSecurityHeaders(await server.app.request(p, init), `auth ${p}`);
    });
  });

  describe('CORS', () => {
    const appUrl = () => server.deps.env.APP_URL;

    it('allows the app origin on /api and /auth/v1', async () => {
      const api = await server.app.request('/api/health', { headers: { origin: appUrl() } });
      expect(api.headers.get('access-control-allow-origin')).toBe(appUrl());
      const auth = await server.app.request('/auth/v1/health', { headers: { origin: appUrl(), apikey: EMBEDDED_ANON_KEY } });
      expect(auth.headers.get('access-control-allow-origin')).toBe(appUrl());
    });

    it('gives any other origin no Access-Control-Allow-Origin, simple or preflight', async () => {
      for (const origin of [EVIL, 'null', `${appUrl()}.evil.example`, appUrl().replace('http:', 'https:')]) {
        for (const p of ['/api/health', '/api/auth/profile', '/auth/v1/health', '/auth/v1/user']) {
          const simple = await server.app.request(p, { headers: { origin, apikey: EMBEDDED_ANON_KEY, ...bearer() } });
          expect(simple.headers.get('access-control-allow-origin'), `${origin} ${p}`).toBeNull();
          const preflight = await server.app.request(p, {
            method: 'OPTIONS',
            headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
          });
          expect(preflight.headers.get('access-control-allow-origin'), `preflight ${origin} ${p}`).toBeNull();
        }
      }
    });

    it('never allows credentials cross-origin', async () => {
      const res = await server.app.request('/api/health', { headers: { origin: EVIL } });
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    });
  });

  describe('body limits', () => {
    const json = (size: number) => JSON.stringify({ email: 'a@b.co', organizationId: admin.organizationId, pad: 'x'.repeat(size) });
    const expect413 = async (res: Response, what: string) => {
      expect(res.status, what).toBe(413);
      const body = (await res.json()) as { error?: unknown; code?: unknown };
      expect(typeof body.error === 'string' && body.error.length > 0, `${what}: readable error`).toBe(true);
      expect(body.code, what).toBe('payload_too_large');
    };

    it('refuses a 1 MB JSON body on small-JSON routes with a readable 413, signed in or not', async () => {
      const routes: Array<[string, string]> = [
        ['POST', '/api/auth/invite'],
        ['POST', '/api/auth/signup'],
        ['POST', '/api/auth/accept-invite'],
        ['PUT', '/api/organization/update'],
        ['POST', '/api/assessments/create'],
        ['POST', `/api/assessments/${assessmentId}/submit`],
        ['POST', '/api/sync/push'],
        ['POST', '/api/admin/questions'],
        ['POST', '/api/evidence/uploads'],
        ['POST', '/api/evidence/upload-url'],
      ];
      const body = json(MB);
      for (const [method, p] of routes) {
        const signedIn = await server.app.request(p, { method, headers: { ...bearer(), 'content-type': 'application/json' }, body });
        await expect413(signedIn, `${method} ${p} signed in`);
        const anonymous = await server.app.request(p, { method, headers: { 'content-type': 'application/json' }, body });
        if (p.startsWith('/api/evidence/')) {
          // The upload routes sit outside the global limit (chunks are large); their own limit runs after
          // authentication, so an anonymous caller is turned away before a byte is read.
          expect(anonymous.status, `${method} ${p} anonymous`).toBe(401);
        } else {
          await expect413(anonymous, `${method} ${p} anonymous`);
        }
      }
    });

    it('limits a JSON answer to the small limit; only a multipart answer (with evidence files) may be large', async () => {
      const p = `/api/assessments/${assessmentId}/responses`;
      const big = JSON.stringify({ questionId, answer: 'yes', pad: 'x'.repeat(MB) });
      for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
        const res = await server.app.request(p, { method: 'POST', headers: { ...bearer(), 'content-type': type }, body: big });
        await expect413(res, `1 MB ${type} answer`);
      }
      const form = new FormData();
      form.append('questionId', questionId);
      form.append('answer', 'yes');
      const pdf = new Uint8Array(MB);
      pdf.set(new TextEncoder().encode('%PDF-1.7\n'));
      form.append('evidence_0', new Blob([pdf], { type: 'application/pdf' }), 'policy.pdf');
      const multipart = await server.app.request(p, { method: 'POST', headers: bearer(), body: form });
      expect(multipart.status, await multipart.clone().text()).toBe(200);
    });

    it('refuses the oversized body even when Content-Length is missing (streamed)', async () => {
      const bytes = new TextEncoder().encode(json(MB));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024));
          controller.close();
        },
      });
      const res = await server.app.request('/api/auth/invite', {
        method: 'POST',
        headers: { ...bearer(), 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      await expect413(res, 'streamed invite');
    });

    it('accepts an ordinary small body on the same routes (the limit is not a blanket refusal)', async () => {
      const res = await server.json('PUT', '/api/organization/update', { name: 'Renamed Research' }, admin.accessToken);
      expect(res.status).toBe(200);
    });

    it('refuses an evidence chunk over 4 MB with a readable 413', async () => {
      const size = EVIDENCE_MAX_CHUNK_BYTES + 1024;
      const content = new Uint8Array(size);
      content.set(new TextEncoder().encode('%PDF-1.7\n'));
      const evidenceId = randomUUID();
      const declared = await server.json(
        'POST',
        '/api/evidence/uploads',
        { evidenceId, assessmentId, questionId, fileName: 'big.pdf', mimeType: 'application/pdf', size, sha256: createHash('sha256').update(content).digest('hex') },
        admin.accessToken,
      );
      expect(declared.status, JSON.stringify(declared.body)).toBe(201);
      const res = await server.app.request(`/api/evidence/uploads/${evidenceId}`, {
        method: 'PATCH',
        headers: { ...bearer(), 'content-type': 'application/offset+octet-stream', 'upload-offset': '0', 'content-length': String(size) },
        body: content,
      });
      await expect413(res, 'chunk > 4 MB');
      // A chunk within the limit is taken.
      const ok = await server.app.request(`/api/evidence/uploads/${evidenceId}`, {
        method: 'PATCH',
        headers: { ...bearer(), 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
        body: content.slice(0, EVIDENCE_MAX_CHUNK_BYTES),
      });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('upload-offset')).toBe(String(EVIDENCE_MAX_CHUNK_BYTES));
    });

    it('refuses a whole-file PUT over EVIDENCE_MAX_MB with a readable 413', async () => {
      const max = server.deps.env.EVIDENCE_MAX_MB;
      const res = await server.app.request(
        `/api/evidence/uploads/${randomUUID()}/content?assessmentId=${assessmentId}&questionId=${questionId}&fileName=big.pdf`,
        { method: 'PUT', headers: { ...bearer(), 'content-type': 'application/pdf' }, body: new Uint8Array(max * MB + 1) },
      );
      await expect413(res, 'whole file > max');
    });

    it('refuses a 1 MB body on /auth/v1 in the Supabase shape', async () => {
      const res = await server.app.request('/auth/v1/signup', {
        method: 'POST',
        headers: { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' },
        body: json(MB),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: 'request_too_large', msg: expect.any(String) });
    });
  });
});
