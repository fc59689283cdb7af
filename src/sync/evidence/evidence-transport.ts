// How the evidence uploader reaches the server (ADR 006): declare, offset, PATCH chunks, complete,
// attach, detach, download, through the one HTTP core (src/lib/http.ts, ADR 015). The token is
// fetched per request and refreshed once after a 401.
import type { EvidenceView, UploadState } from '#domain/contracts/evidence.ts';
import { exchange, resultOfExchanged, fileNameFromDisposition, type FetchLike, type HttpCore, type HttpFailure, type HttpResult, type TokenGetter } from '../../lib/http.ts';

export interface DeclareBody {
  evidenceId: string;
  assessmentId: string;
  questionId: string;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  /** The document's dates (ADR 019); the server takes the upload day when no effective date is sent. */
  effectiveOn?: string | null;
  expiresOn?: string | null;
}

/** PUT /api/evidence/{id}/dates: null effective date = the upload day, null expiry = none. */
export interface DatesBody {
  effectiveOn: string | null;
  expiresOn: string | null;
}

export interface DownloadedFile {
  bytes: ArrayBuffer;
  mimeType: string;
  fileName: string | null;
}

export interface EvidenceTransport {
  declare(body: DeclareBody): Promise<HttpResult<UploadState>>;
  state(evidenceId: string): Promise<HttpResult<UploadState>>;
  /** A 409 failure carries the server's offset in `offset`. */
  patch(evidenceId: string, offset: number, chunk: Uint8Array): Promise<EvidenceResult<UploadState>>;
  complete(evidenceId: string): Promise<HttpResult<UploadState>>;
  attach(evidenceId: string): Promise<HttpResult<EvidenceView>>;
  detach(evidenceId: string): Promise<HttpResult<EvidenceView>>;
  setDates(evidenceId: string, body: DatesBody): Promise<HttpResult<EvidenceView>>;
  download(evidenceId: string): Promise<HttpResult<DownloadedFile>>;
}

/** A failure with the server's offset (409 offset mismatch) when it sent one. */
export type EvidenceFailure = HttpFailure & { offset?: number };
export type EvidenceResult<T> = { ok: true; value: T } | EvidenceFailure;

export interface EvidenceTransportOptions {
  getToken: TokenGetter;
  baseUrl?: string;
  fetch?: FetchLike;
}

/** The core's result, with the server's upload offset lifted out of a failure's details. */
function withOffset<T>(result: HttpResult<T>): EvidenceResult<T> {
  if (result.ok) return result;
  const offset = (result.details as { offset?: unknown } | undefined)?.offset;
  if (typeof offset !== 'number') return result;
  const failure: EvidenceFailure = { ...result, offset };
  return failure;
}

export function createEvidenceTransport(opts: EvidenceTransportOptions): EvidenceTransport {
  const core: HttpCore = { getToken: opts.getToken, fetch: opts.fetch, baseUrl: opts.baseUrl, noTokenMessage: 'Sign in to upload files' };

  async function json<T>(path: string, init: RequestInit): Promise<EvidenceResult<T>> {
    const got = await exchange(core, path, init);
    return got.ok ? withOffset(await resultOfExchanged<T>(got)) : got;
  }

  const jsonBody = (method: string, body?: unknown): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const uploads = '/api/evidence/uploads';
  /** An evidence id as one path segment (encoded once; the core refuses what would leave the route). */
  const seg = encodeURIComponent;

  return {
    declare: (body) => json(uploads, jsonBody('POST', body)),
    state: (id) => json(`${uploads}/${seg(id)}`, { method: 'GET', headers: { accept: 'application/json' } }),
    patch: (id, offset, chunk) =>
      json(`${uploads}/${seg(id)}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/octet-stream', 'upload-offset': String(offset), accept: 'application/json' },
        body: chunk as Uint8Array<ArrayBuffer>,
      }),
    complete: (id) => json(`${uploads}/${seg(id)}/complete`, jsonBody('POST')),
    attach: (id) => json(`/api/evidence/${seg(id)}/attach`, jsonBody('POST')),
    detach: (id) => json(`/api/evidence/${seg(id)}`, { method: 'DELETE', headers: { accept: 'application/json' } }),
    setDates: (id, body) => json(`/api/evidence/${seg(id)}/dates`, jsonBody('PUT', body)),
    async download(id) {
      const got = await exchange(core, `/api/evidence/${seg(id)}/download?delivery=stream`, { method: 'GET', headers: { accept: '*/*' } });
      if (!got.ok) return got;
      const res = got.res;
      if (!res.ok) return resultOfExchanged<never>(got);
      const mimeType = (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
      return { ok: true, value: { bytes: await res.arrayBuffer(), mimeType, fileName: fileNameFromDisposition(res.headers.get('content-disposition')) } };
    },
  };
}
