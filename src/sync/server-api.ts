// The sync engine's and the evidence uploader's way to the server: Hono's typed client over the
// routes' own types (server/app.ts `ApiType`, ADR 015), run through the one HTTP core
// (src/lib/http.ts `exchange`: token at send time, path check, one failure type). A path, a body
// field or an answer field renamed on the server fails the typecheck here (server-api.test-d.ts).
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiType } from '../../server/app.ts';
import { exchange, networkFailure, resultOfExchanged, type ExchangeOptions, type Exchanged, type HttpCore, type HttpFailure, type HttpResult } from '../lib/http.ts';

const typedClient = (fetch: typeof globalThis.fetch) => hc<ApiType>('/api', { fetch });
/** The typed client of /api: `api.sync.push.$post({ json })`. */
export type Api = ReturnType<typeof typedClient>;

/** The body type of a typed call's 2xx answers. */
export type OkBody<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

/** Thrown through hono's client when the core got no answer (or refused the path), caught in exchangeApi. */
class NoAnswer extends Error {
  constructor(readonly failure: HttpFailure) {
    super(failure.message);
  }
}

/** One typed request through the core: its exchanged response, or the failure of getting none. */
export async function exchangeApi(core: HttpCore, request: (api: Api) => Promise<unknown>, opts: ExchangeOptions = {}): Promise<Exchanged | HttpFailure> {
  let got: Exchanged | undefined;
  const api = typedClient(async (input, init) => {
    const r = await exchange(core, typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, init ?? {}, opts);
    if (!r.ok) throw new NoAnswer(r);
    got = r;
    return r.res;
  });
  try {
    await request(api);
  } catch (err) {
    if (err instanceof NoAnswer) return err.failure;
    throw err;
  }
  return got ?? networkFailure();
}

/**
 * One typed JSON request: its 2xx body, typed by the route, or the one failure type. A 403 saying
 * the user's access ended is reported like any page's call (resultOfExchanged).
 */
export async function callApi<R>(core: HttpCore, request: (api: Api) => Promise<R>, opts: ExchangeOptions & { now?: number } = {}): Promise<HttpResult<OkBody<R>>> {
  const got = await exchangeApi(core, request, opts);
  return got.ok ? resultOfExchanged<OkBody<R>>(got, opts.now) : got;
}
