// How the evidence uploader reaches the server (ADR 006): declare, offset, PATCH chunks, complete,
// attach, detach, download, through the one HTTP core (src/lib/http.ts, ADR 015). The token is
// fetched per request and refreshed once after a 401.
import type { InferRequestType } from 'hono/client';
import { fileNameFromDisposition, resultOfExchanged, type FetchLike, type HttpCore, type HttpFailure, type HttpResult, type TokenGetter } from '../../lib/http.ts';
import { callApi, exchangeApi, type Api, type OkBody } from '../server-api.ts';

type Uploads = Api['evidence']['uploads'];
type OneFile = Api['evidence'][':evidenceId'];
/** POST /api/evidence/uploads's body (createUploadSchema): the file's identity, size, hash and dates (ADR 019). */
export type DeclareBody = InferRequestType<Uploads['$post']>['json'];
/** PUT /api/evidence/{id}/dates's body: null effective date = the upload day, null expiry = none. */
export type DatesBody = InferRequestType<OneFile['dates']['$put']>['json'];
/** The routes' answers: an upload's state, a file's view. */
export type UploadAnswer = OkBody<Awaited<ReturnType<Uploads['$post']>>>;
export type EvidenceAnswer = OkBody<Awaited<ReturnType<OneFile['attach']['$post']>>>;

export interface DownloadedFile {
  bytes: ArrayBuffer;
  mimeType: string;
  fileName: string | null;
}

export interface EvidenceTransport {
  declare(body: DeclareBody): Promise<HttpResult<UploadAnswer>>;
  state(evidenceId: string): Promise<HttpResult<UploadAnswer>>;
  /** A 409 failure carries the server's offset in `offset`. */
  patch(evidenceId: string, offset: number, chunk: Uint8Array): Promise<EvidenceResult<UploadAnswer>>;
  complete(evidenceId: string): Promise<HttpResult<UploadAnswer>>;
  attach(evidenceId: string): Promise<HttpResult<EvidenceAnswer>>;
  detach(evidenceId: string): Promise<HttpResult<EvidenceAnswer>>;
  setDates(evidenceId: string, body: DatesBody): Promise<HttpResult<EvidenceAnswer>>;
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

  const json = async <R>(request: (api: Api) => Promise<R>): Promise<EvidenceResult<OkBody<R>>> => withOffset(await callApi(core, request));
  /** An evidence id as one path segment (encoded once; the core refuses what would leave the route). */
  const param = (id: string) => ({ evidenceId: encodeURIComponent(id) });

  return {
    declare: (body) => json((api) => api.evidence.uploads.$post({ json: body })),
    state: (id) => json((api) => api.evidence.uploads[':evidenceId'].$get({ param: param(id) })),
    patch: (id, offset, chunk) =>
      json((api) =>
        api.evidence.uploads[':evidenceId'].$patch(
          { param: param(id) },
          { headers: { 'content-type': 'application/octet-stream', 'upload-offset': String(offset) }, init: { body: chunk as Uint8Array<ArrayBuffer> } },
        ),
      ),
    complete: (id) => json((api) => api.evidence.uploads[':evidenceId'].complete.$post({ param: param(id) })),
    attach: (id) => json((api) => api.evidence[':evidenceId'].attach.$post({ param: param(id) })),
    detach: (id) => json((api) => api.evidence[':evidenceId'].$delete({ param: param(id) })),
    setDates: (id, body) => json((api) => api.evidence[':evidenceId'].dates.$put({ param: param(id), json: body })),
    async download(id) {
      const got = await exchangeApi(core, (api) => api.evidence[':evidenceId'].download.$get({ param: param(id), query: { delivery: 'stream' } }, { headers: { accept: '*/*' } }));
      if (!got.ok) return got;
      const res = got.res;
      if (!res.ok) return resultOfExchanged<never>(got);
      const mimeType = (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
      return { ok: true, value: { bytes: await res.arrayBuffer(), mimeType, fileName: fileNameFromDisposition(res.headers.get('content-disposition')) } };
    },
  };
}
