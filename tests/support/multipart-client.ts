// A multipart/form-data client over node:http that generates its body as it sends it (one shared
// 1 MB buffer), so a test or bench can send many ~24 MB forms at once without holding them in its
// own memory. It stops sending as soon as the server answers (a refusal before the end of the body).
import http from 'node:http';
import { once } from 'node:events';

export interface FormPart {
  name: string;
  /** A file part when set. */
  filename?: string;
  type?: string;
  /** Text of a field, or the first bytes of a file (the rest is zeros up to `size`). */
  head?: string;
  /** Bytes of a file part. */
  size?: number;
}

export interface SendOptions {
  port: number;
  path: string;
  token: string;
  parts: FormPart[];
  /** 'declared' (default): Content-Length; 'chunked': Transfer-Encoding: chunked; or a Content-Length to claim. */
  length?: 'declared' | 'chunked' | number;
  /** Resolves when the client may send the rest of the body (it holds back once it has written 64 KB, at most one 1 MB chunk more). */
  holdUntil?: Promise<void>;
}

export interface Sent {
  status: number;
  body: { error?: string; code?: string; [k: string]: unknown };
  headers: http.IncomingHttpHeaders;
  /** Body bytes written before the answer came. */
  written: number;
}

const ZEROS = Buffer.alloc(1024 * 1024);
const BOUNDARY = '----mvrsp-multipart-client';

function partHeader(p: FormPart): string {
  const file = p.filename !== undefined ? `; filename="${p.filename}"` : '';
  const type = p.type ? `\r\nContent-Type: ${p.type}` : '';
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${file}${type}\r\n\r\n`;
}

function* body(parts: FormPart[]): Generator<Buffer> {
  for (const p of parts) {
    yield Buffer.from(partHeader(p));
    const head = Buffer.from(p.head ?? '');
    yield head;
    let left = Math.max(0, (p.size ?? head.length) - head.length);
    while (left > 0) {
      const n = Math.min(left, ZEROS.length);
      yield n === ZEROS.length ? ZEROS : ZEROS.subarray(0, n);
      left -= n;
    }
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

/** The form's length in bytes (the zeros are one shared buffer, so this allocates little). */
export function formLength(parts: FormPart[]): number {
  let n = 0;
  for (const chunk of body(parts)) n += chunk.length;
  return n;
}

/** Sends the form; resolves with the answer (whenever it comes, even mid-body). */
export async function sendForm(opts: SendOptions): Promise<Sent> {
  const length = opts.length ?? 'declared';
  const headers: Record<string, string | number> = { authorization: `Bearer ${opts.token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (length === 'declared') headers['content-length'] = formLength(opts.parts);
  else if (typeof length === 'number') headers['content-length'] = length;
  else headers['transfer-encoding'] = 'chunked';
  const req = http.request({ host: '127.0.0.1', port: opts.port, path: opts.path, method: 'POST', headers, agent: false });
  let answered = false;
  let written = 0;
  const answer = new Promise<Sent>((resolve, reject) => {
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: Sent['body'] = {};
        try {
          parsed = JSON.parse(text) as Sent['body'];
        } catch {
          parsed = { error: text };
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers, written });
        req.destroy();
      });
      res.on('error', reject);
    });
    // Writing after a refusal can fail (the server closes the connection); only a failure before any answer counts.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
  });
  const sending = (async () => {
    let held = opts.holdUntil;
    for (const chunk of body(opts.parts)) {
      if (answered || req.destroyed) return;
      written += chunk.length;
      if (!req.write(chunk)) await Promise.race([once(req, 'drain'), answer.catch(() => {})]);
      if (held && written >= 64 * 1024) {
        await Promise.race([held, answer.catch(() => {})]);
        held = undefined;
      }
    }
    if (!answered && !req.destroyed) req.end();
  })().catch(() => {});
  const result = await answer;
  await sending;
  return result;
}

/** GET a path; resolves with the status and how long it took (ms). */
export async function timedGet(port: number, path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}
