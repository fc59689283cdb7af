// A TCP proxy on loopback (node:net) in front of one backend, for outage tests: listening on a
// kernel-assigned port, it forwards bytes both ways until told otherwise.
//   up       forward (a stalled connection resumes, with what was held back, in order)
//   down     the backend is gone: open connections are cut and new ones closed at once
//   stalled  the backend stops answering: connections stay open, nothing moves either way (as
//            with a hung server or a dropped route; the bytes wait in the socket buffers)
import net, { type AddressInfo, type Socket } from 'node:net';

export type ProxyMode = 'up' | 'down' | 'stalled';

export interface TcpProxy {
  port: number;
  readonly mode: ProxyMode;
  set(mode: ProxyMode): void;
  /** Connections accepted so far (a client that reconnects shows up here). */
  readonly accepted: number;
  close(): Promise<void>;
}

/** Bytes one way of one connection; while stalled they are held back and sent in order on resume. */
class Leg {
  private held: Buffer[] = [];
  constructor(private readonly to: Socket) {}
  send(chunk: Buffer, stalled: boolean) {
    if (stalled) this.held.push(chunk);
    else this.to.write(chunk);
  }
  flush() {
    for (const chunk of this.held.splice(0)) this.to.write(chunk);
  }
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<{ sockets: [Socket, Socket]; legs: [Leg, Leg] }>();
  let mode: ProxyMode = 'up';
  let accepted = 0;
  const server = net.createServer((client) => {
    accepted += 1;
    if (mode === 'down') {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const conn = { sockets: [client, upstream] as [Socket, Socket], legs: [new Leg(upstream), new Leg(client)] as [Leg, Leg] };
    open.add(conn);
    const end = () => {
      open.delete(conn);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk: Buffer) => conn.legs[0].send(chunk, mode === 'stalled'));
    upstream.on('data', (chunk: Buffer) => conn.legs[1].send(chunk, mode === 'stalled'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get mode() {
      return mode;
    },
    get accepted() {
      return accepted;
    },
    set(next) {
      mode = next;
      for (const conn of [...open]) {
        if (next === 'down') for (const s of conn.sockets) s.destroy();
        else if (next === 'up') for (const leg of conn.legs) leg.flush();
      }
    },
    async close() {
      for (const conn of open) for (const s of conn.sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
