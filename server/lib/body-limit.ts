// Request body limits: hono's bodyLimit, without turning the request into a WHATWG Request when the
// size is already known. hono's bodyLimit reads `c.req.raw.body` first; on @hono/node-server that
// builds an undici Request with an AbortSignal and a web stream over the socket, which every JSON
// request then reads through (about a tenth of the server's CPU per answer save, measured with
// `npm run bench:load -- --cpu-prof DIR`, ADR 024). A body framed by Content-Length cannot be longer
// than that header (Node's HTTP parser, RFC 9112 section 6.3), which is the only thing hono's
// bodyLimit checks in that case; `c.req.json()` then reads the body straight from the socket.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';

type Options = Parameters<typeof honoBodyLimit>[0];

/** hono's bodyLimit with the same answers; a request whose Content-Length is within the limit passes without reading its body. */
export function bodyLimit(options: Options): MiddlewareHandler {
  const limit = honoBodyLimit(options);
  return (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined && Number.parseInt(length, 10) <= options.maxSize) return next();
    return limit(c, next);
  };
}
