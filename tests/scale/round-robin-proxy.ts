// A round-robin HTTP load balancer on loopback (node:http), as in front of several app instances:
// each request goes to the next backend in turn, bodies are streamed both ways, and the client's
// address is appended to X-Forwarded-For (the de-facto header, documented at
// https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Headers/X-Forwarded-For).
//
// Like a health-checked pool, a request whose backend refuses the connection is sent to the next
// backend instead. That is safe only because nothing was sent yet: the request body is piped to a
// backend only once its TCP connection is open, so the client's bytes are still unread on failover.
// A backend that dies after that point (SIGKILL mid-request) costs the client a 502, or a cut
// connection when the response had already started, as with a real proxy.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Backend {
  port: number;
}

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** Requests each backend accepted (its TCP connection opened), by backend index. */
  counts: number[];
  /** Requests moved to another backend because theirs refused the connection. */
  failovers: number;
  close(): Promise<void>;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

/** `backends()` is read per request, so a restarted instance on a new port is picked up. */
export async function startRoundRobinProxy(backends: () => readonly Backend[]): Promise<RoundRobinProxy> {
  // A fresh connection per request: a pooled socket to a killed backend would fail after the body was sent.
  const agent = new http.Agent({ keepAlive: false });
  let next = 0;
  const state = { counts: [] as number[], failovers: 0 };

  const server = http.createServer((req, res) => {
    const pool = backends();
    const start = next++ % pool.length;
    const headers = { ...req.headers };
    for (const h of HOP_BY_HOP) delete headers[h];
    const peer = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
    headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${String(headers['x-forwarded-for'])}, ${peer}` : peer;

    const attempt = (tried: number) => {
      const index = (start + tried) % pool.length;
      const upstream = http.request({ host: '127.0.0.1', port: pool[index]!.port, method: req.method, path: req.url, headers, agent });
      let connected = false;
      upstream.on('socket', (socket) => {
        socket.once('connect', () => {
          connected = true;
          state.counts[index] = (state.counts[index] ?? 0) + 1;
          req.pipe(upstream);
        });
      });
      upstream.on('response', (answer) => {
        const out = { ...answer.headers };
        for (const h of HOP_BY_HOP) delete out[h];
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      });
      upstream.on('error', () => {
        if (!connected && tried + 1 < pool.length) {
          state.failovers += 1;
          attempt(tried + 1);
        } else if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Bad gateway', code: 'bad_gateway' }));
        } else {
          res.destroy();
        }
      });
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    counts: state.counts,
    get failovers() {
      return state.failovers;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
