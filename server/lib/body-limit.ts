// Request body limits: hono's bodyLimit, without turning the request into a WHATWG Request when the
// size is already known. hono's bodyLimit reads `c.req.raw.body` first; on @hono/node-server that
// builds an undici Request with an AbortSignal and a web stream over the socket, which every JSON
// request then reads through (about a tenth of the server's CPU per answer save, measured with
// `npm run bench:load -- --cpu-prof DIR`, ADR 024). A body framed by Content-Length cannot be longer
// than that header (Node's HTTP parser, RFC 9112 section 6.3), which is the only thing hono's
// bodyLimit checks in that case; `c.req.json()` then reads the body straight from the socket.
//
// A body of unknown length (chunked) is read whole into memory by hono's bodyLimit before the route
// runs (node_modules/hono/dist/middleware/body-limit/index.js). Routes that read their body as a
// stream (multipart evidence, ADR 027) pass `stream: true`: the body is then counted as the route
// reads it and the read fails with onError's error once it passes maxSize, so nothing is buffered.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';

type Options = Parameters<typeof honoBodyLimit>[0] & {
  /** Count a body of unknown length while the route reads it instead of reading it whole first. */
  stream?: boolean;
};

/** The body of `c`, failing with onError's error (or its answer) as soon as more than maxSize bytes have passed. */
function countedBody(c: Context, body: ReadableStream<Uint8Array>, options: Options): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        size += chunk.byteLength;
        if (size <= options.maxSize) return controller.enqueue(chunk);
        try {
          const answer = options.onError ? await options.onError(c) : undefined;
          controller.error(answer instanceof Error ? answer : new Error('Payload Too Large'));
        } catch (err) {
          controller.error(err);
        }
      },
    }),
  );
}

/** hono's bodyLimit with the same answers; a request whose Content-Length is within the limit passes without reading its body. */
export function bodyLimit(options: Options): MiddlewareHandler {
  const limit = honoBodyLimit(options);
  return (c, next) => {
    const length = c.req.header('content-length');
    const declared = length !== undefined && c.req.header('transfer-encoding') === undefined;
    if (declared && Number.parseInt(length, 10) <= options.maxSize) return next();
    const body = c.req.raw.body;
    if (options.stream && !declared && body) {
      c.req.raw = new Request(c.req.raw, { body: countedBody(c, body, options), duplex: 'half' } as RequestInit);
      return next();
    }
    return limit(c, next);
  };
}
