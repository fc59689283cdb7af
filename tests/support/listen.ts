// In-process test servers listen on port 0 and read the port the system chose. (A port picked
// first and listened on later can be taken in between by another process.)
import { serve, type ServerType } from '@hono/node-server';
import type { BuiltServer } from '#server/compose.ts';

export interface PortZeroServer {
  port: number;
  http: ServerType;
  /** The app that answers from now on (built after listening, as its APP_URL names the port). */
  bind(app: BuiltServer['app']): void;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:0; until `bind` gives the app, requests are answered 503. */
export function listenOnPortZero(): Promise<PortZeroServer> {
  let app: BuiltServer['app'] | undefined;
  const fetch: Parameters<typeof serve>[0]['fetch'] = (req, env) => (app ? app.fetch(req, env) : new Response('starting', { status: 503 }));
  return new Promise((resolve) => {
    const http: ServerType = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({
        port: info.port,
        http,
        bind: (built) => void (app = built),
        close: () => new Promise<void>((done) => http.close(() => done())),
      }),
    );
  });
}
