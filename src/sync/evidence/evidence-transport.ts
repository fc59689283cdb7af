// How the evidence uploader reaches the server (ADR 006): declare, offset, PATCH chunks, complete,
// attach, detach, download. The token is fetched per request and refreshed once after a 401.
import type { EvidenceView, UploadState } from '#domain/contracts/evidence.ts';
import type { FetchLike, TokenGetter, TransportFailure, TransportResult } from '../transport.ts';

export interface DeclareBody {
  evidenceId: string;
  assessmentId: string;
  questionId: string;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
}

export interface DownloadedFile {
  bytes: ArrayBuffer;
  mimeType: string;
  fileName: string | null;
}

export interface EvidenceTransport {
  declare(body: DeclareBody): Promise<TransportResult<UploadState>>;
  state(evidenceId: string): Promise<TransportResult<UploadState>>;
  /** A 409 failure carries the server's offset in `offset`. */
  patch(evidenceId: string, offset: number, chunk: Uint8Array): Promise<TransportResult<UploadState>>;
  complete(evidenceId: string): Promise<TransportResult<UploadState>>;
  attach(evidenceId: string): Promise<TransportResult<EvidenceView>>;
  detach(evidenceId: string): Promise<TransportResult<EvidenceView>>;
  download(evidenceId: string): Promise<TransportResult<DownloadedFile>>;
}

/** A failure with the server's offset (409 offset mismatch) when it sent one. */
export type EvidenceFailure = TransportFailure & { offset?: number };

export interface EvidenceTransportOptions {
  getToken: TokenGetter;
  baseUrl?: string;
  fetch?: FetchLike;
}

async function failureOf(res: Response): Promise<EvidenceFailure> {
  const body = (await res.json().catch(() => null)) as { error?: unknown; code?: unknown; details?: { offset?: unknown } } | null;
  const offset = body?.details?.offset;
  return {
    ok: false,
    kind: 'http',
    status: res.status,
    code: typeof body?.code === 'string' ? body.code : undefined,
    message: typeof body?.error === 'string' ? body.error : `HTTP ${res.status}`,
    ...(typeof offset === 'number' ? { offset } : {}),
  };
}

/** "attachment; filename*=UTF-8''…" → the decoded name. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall back to the plain form */
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

export function createEvidenceTransport(opts: EvidenceTransportOptions): EvidenceTransport {
  const doFetch: FetchLike = opts.fetch ?? ((input, init) => fetch(input, init));
  const base = opts.baseUrl ?? '';

  async function send(path: string, init: RequestInit): Promise<Response | TransportFailure> {
    for (const forceRefresh of [false, true]) {
      const token = await opts.getToken({ forceRefresh });
      if (!token) return { ok: false, kind: 'http', status: 401, code: 'unauthorized', message: 'Sign in to upload files' };
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token}`);
      let res: Response;
      try {
        res = await doFetch(`${base}${path}`, { ...init, headers });
      } catch (err) {
        return { ok: false, kind: 'network', message: err instanceof Error ? err.message : 'Network error' };
      }
      if (res.status !== 401 || forceRefresh) return res;
    }
    throw new Error('unreachable');
  }

  async function json<T>(path: string, init: RequestInit): Promise<TransportResult<T>> {
    const res = await send(path, init);
    if (!(res instanceof Response)) return res;
    if (!res.ok) return failureOf(res);
    return { ok: true, value: (await res.json()) as T };
  }

  const jsonBody = (method: string, body?: unknown): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const uploads = '/api/evidence/uploads';

  return {
    declare: (body) => json(uploads, jsonBody('POST', body)),
    state: (id) => json(`${uploads}/${id}`, { method: 'GET', headers: { accept: 'application/json' } }),
    patch: (id, offset, chunk) =>
      json(`${uploads}/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/octet-stream', 'upload-offset': String(offset), accept: 'application/json' },
        body: chunk as Uint8Array<ArrayBuffer>,
      }),
    complete: (id) => json(`${uploads}/${id}/complete`, jsonBody('POST')),
    attach: (id) => json(`/api/evidence/${id}/attach`, jsonBody('POST')),
    detach: (id) => json(`/api/evidence/${id}`, { method: 'DELETE', headers: { accept: 'application/json' } }),
    async download(id) {
      const res = await send(`/api/evidence/${id}/download`, { method: 'GET' });
      if (!(res instanceof Response)) return res;
      if (!res.ok) return failureOf(res);
      const mimeType = (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
      return { ok: true, value: { bytes: await res.arrayBuffer(), mimeType, fileName: fileNameFromDisposition(res.headers.get('content-disposition')) } };
    },
  };
}
