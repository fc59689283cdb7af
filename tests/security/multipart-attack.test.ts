// A member sending many large multipart answers at once (POST /api/assessments/{id}/responses with
// evidence_N parts) against the REAL server on a port, with real ~24 MB bodies: forbidden parts are
// refused at their header, oversized ones as soon as they pass the limit, a Content-Length over the
// cap before the body is read, and more than MULTIPART_LEASES.user.max at once get 429 before their
// body is read. Every refusal is a 4xx with a message the UI can show, the server's memory stays
// bounded (the forms are streamed, never held whole) and /api/health keeps answering meanwhile.
// Timings are measured by `npm run bench:multipart` (BENCHMARKS.md), not asserted here.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE_MSG, evidenceMaxBytes } from '#domain/evidence.ts';
import { evidenceFiles } from '#server/db/schema/index.ts';
import { orgWithAssessment, type EvidenceOrg } from '#server/features/evidence/evidence.fixtures.ts';
import { MULTIPART_BUSY_MSG, MULTIPART_LEASES, multipartBodyLimitBytes } from '#server/features/evidence/evidence.multipart.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { sendForm, timedGet, type FormPart, type Sent } from '#tests/support/multipart-client.ts';

const MB = 1024 * 1024;
const MAX_MB = 25;
/** What the whole attack may add to this process's resident memory (server and client share it). */
const RSS_BOUND = 160 * MB;

describe('multipart answers under attack (real server, real bodies)', () => {
  let server: TestServer;
  let http: ServerType;
  let port: number;
  let acme: EvidenceOrg;

  beforeAll(async () => {
    server = await createTestServer('pglite', { EVIDENCE_MAX_MB: String(MAX_MB) });
    acme = await orgWithAssessment(server, 'Acme');
    http = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    port = (http.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => http?.close(() => resolve()));
    await server?.close();
  });

  const path = () => `/api/assessments/${acme.assessmentId}/responses`;
  const answerFields = (): FormPart[] => [
    { name: 'questionId', head: acme.questionId },
    { name: 'answer', head: 'yes' },
  ];
  const send = (parts: FormPart[], opts: { length?: 'declared' | 'chunked' | number; holdUntil?: Promise<void> } = {}) =>
    sendForm({ port, path: path(), token: acme.user.accessToken, parts, ...opts });
  const exeForm = (): FormPart[] => [
    ...answerFields(),
    ...Array.from({ length: 5 }, (_, i) => ({ name: `evidence_${i}`, filename: 'f.exe', type: 'application/x-msdownload', head: 'MZ', size: 24 * MB })),
  ];
  const pdf = (base: string, size: number, field = 'evidence_0'): FormPart => ({ name: field, filename: `${base}.pdf`, type: 'application/pdf', head: '%PDF-1.7\n', size });
  const expectBusy = (res: Sent) => {
    expect(res).toMatchObject({ status: 429, body: { code: 'rate_limited', error: MULTIPART_BUSY_MSG.user } });
    expect(res.headers['retry-after']).toBe('10');
  };

  it('refuses forbidden, oversized and over-cap forms with clear 4xx answers, memory bounded, while health answers', async () => {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
    let attacking = true;
    const health: number[] = [];
    const probing = (async () => {
      while (attacking) health.push((await timedGet(port, '/api/health')).status);
    })();
    try {
      const exe = await Promise.all(Array.from({ length: 4 }, () => send(exeForm())));
      const oversized = await Promise.all([
        send([...answerFields(), pdf('big', evidenceMaxBytes(MAX_MB) + MB)]),
        send([...answerFields(), pdf('huge', multipartBodyLimitBytes(MAX_MB) + MB)], { length: 'chunked' }),
        send([...answerFields(), pdf('claimed', 24 * MB)], { length: multipartBodyLimitBytes(MAX_MB) + 1, holdUntil: new Promise(() => {}) }),
      ]);
      attacking = false;
      await probing;

      for (const res of exe) {
        if (res.status === 429) expectBusy(res);
        else expect(res).toMatchObject({ status: 415, body: { code: 'unsupported_media_type', error: `f.exe: ${EVIDENCE_MSG.wrongKind}` } });
      }
      expect(exe.filter((r) => r.status === 415).length).toBeGreaterThan(0);
      // Refused at the first file's header: the server never needed the other 119 MB of the form.
      const [big, huge, claimed] = oversized;
      expect(big).toMatchObject({ status: 413, body: { code: 'payload_too_large', error: `big.pdf: ${EVIDENCE_MSG.tooLarge(MAX_MB)}` } });
      expect(huge).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
      expect(huge!.body.error).toMatch(/^(huge\.pdf: This file is larger than 25 MB|The request body is too large)/);
      // Content-Length over the cap: answered while the client still holds back all but its first MB.
      expect(claimed).toMatchObject({ status: 413, body: { code: 'payload_too_large', error: 'The request body is too large' } });
      expect(claimed!.written).toBeLessThan(2 * MB);

      expect(health.length).toBeGreaterThan(0);
      expect(new Set(health)).toEqual(new Set([200]));
      expect(await server.deps.db.select().from(evidenceFiles)).toEqual([]);
      expect(await server.deps.storage.list(`${acme.orgId}/`)[Symbol.asyncIterator]().next()).toMatchObject({ done: true });
    } finally {
      attacking = false;
      clearInterval(sampler);
    }
    expect(rssPeak - rssBefore).toBeLessThan(RSS_BOUND);
  }, 180_000);

  it(`gives one member at most ${MULTIPART_LEASES.user.max} multipart answers at once (429 before the body), then attaches legit files`, async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held = [
      send([...answerFields(), pdf('policy', 3 * MB)], { holdUntil: gate }),
      send([...answerFields(), pdf('minutes', 5 * MB + 17)], { length: 'chunked', holdUntil: gate }),
    ];
    // The held forms take their leases once the server has read their headers; until then a small form may still pass.
    let third: Sent | undefined;
    for (let attempt = 0; attempt < 200 && third?.status !== 429; attempt++) third = await send([...answerFields(), pdf('third', 2048)]);
    expectBusy(third!);
    open();
    const done = await Promise.all(held);
    for (const res of done) expect(res.status).toBe(200);
    expect(done.map((r) => (r.body.evidence as { file_name: string; size_bytes: number; status: string }[])[0])).toEqual([
      expect.objectContaining({ file_name: 'policy.pdf', size_bytes: 3 * MB, status: 'attached' }),
      expect.objectContaining({ file_name: 'minutes.pdf', size_bytes: 5 * MB + 17, status: 'attached' }),
    ]);
    // The leases came back with the answers.
    const after = await send([...answerFields(), pdf('after', 4096)]);
    expect(after.status).toBe(200);
  }, 120_000);
});
