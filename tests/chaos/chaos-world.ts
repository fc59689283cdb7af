// The chaos world: a real server, one organization with three members and one assessment, and
// clients built with the sync harness (tests/sync/harness.ts) whose requests go through the chaos
// proxy. The server is a backend: by default one in-process app on PGlite ON DISK (a temp
// DATA_DIR, so a restart keeps the data); tests/scale passes server processes behind a load balancer.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '#server/db/client.ts';
import { buildServer, type BuiltServer } from '#server/compose.ts';
import { addMember, seedOrg, type OrgFixture } from '#server/features/sync/sync.test-fixtures.ts';
import { createEvidenceTransport } from '#sync/evidence/evidence-transport.ts';
import { createEvidenceUploader, type EvidenceUploader } from '#sync/evidence/uploader.ts';
import { createInProcessLock } from '#sync/lock.ts';
import { memoryMailer, type TestServer } from '#tests/setup/app.ts';
import { signUpUser, type TestUser } from '#tests/setup/auth.ts';
import { testEnv } from '#tests/setup/test-env.ts';
import { createClient, fakeClock, type Client, type Clock } from '../sync/harness.ts';
import { createChaosProxy, type ChaosProxy } from './chaos-proxy.ts';

export interface ChaosClient extends Client {
  index: number;
  uploader: EvidenceUploader;
}

/** The server side of a chaos world. */
export interface ChaosBackend {
  /** The database the checks read (and the world's fixtures are written to). */
  db: Db;
  /** Where every request goes (relative /api and /auth/v1 URLs), behind the chaos proxy. */
  request(url: string, init: RequestInit): Promise<Response>;
  /** Takes the server (or one of them) down mid-run and brings it back; `proxy` can hold traffic meanwhile. */
  restart(proxy: ChaosProxy): Promise<void>;
  dispose(proxy: ChaosProxy): Promise<void>;
}

export interface ChaosWorld {
  backend: ChaosBackend;
  org: OrgFixture;
  users: TestUser[];
  proxy: ChaosProxy;
  clock: Clock;
  clients: ChaosClient[];
  restarts: number;
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

/** The auth helpers' view of a backend (they only send requests). */
const asTestServer = (backend: Pick<ChaosBackend, 'request'>) => ({ app: { request: backend.request } }) as unknown as TestServer;

/** One in-process server on PGlite on disk; a restart refuses traffic, lets in-flight requests finish, closes it and opens a new one on the same data. */
export async function inProcessBackend(): Promise<ChaosBackend> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mvrsp-chaos-'));
  // About sync under faults, not e-mail confirmation: sign-up returns a session at once.
  const boot = () => buildServer(testEnv({ DATA_DIR: dataDir, AUTH_AUTOCONFIRM: 'true' }), { mailer: memoryMailer() });
  let server: BuiltServer = await boot();
  const backend: ChaosBackend = {
    db: server.deps.db,
    request: async (url, init) => server.app.request(url, init),
    async restart(proxy) {
      proxy.down = true;
      await proxy.idle();
      await server.close();
      server = await boot();
      backend.db = server.deps.db;
      proxy.down = false;
    },
    async dispose(proxy) {
      proxy.down = true;
      await proxy.idle();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return backend;
}

export interface ChaosWorldOptions {
  /** Default: inProcessBackend(). */
  backend?: ChaosBackend;
}

export async function createChaosWorld(seed: number, clientCount: number, opts: ChaosWorldOptions = {}): Promise<ChaosWorld> {
  const backend = opts.backend ?? (await inProcessBackend());
  const users: TestUser[] = [];
  for (let i = 0; i < clientCount; i++) users.push(await signUpUser(asTestServer(backend)));
  const org = await seedOrg(backend.db, 'Chaos', { userId: users[0]!.userId, otherUserId: users[1]!.userId });
  for (const u of users.slice(2)) await addMember(backend.db, org.orgId, 'Carol', 'active', u.userId);

  const clock = fakeClock();
  const world: ChaosWorld = {
    backend,
    org,
    users,
    clock,
    clients: [],
    restarts: 0,
    proxy: createChaosProxy(seed, () => backend.request),
    async restart() {
      await backend.restart(world.proxy);
      world.restarts += 1;
    },
    async dispose() {
      for (const c of world.clients) await c.db.delete();
      await backend.dispose(world.proxy);
    },
  };
  world.clients = users.map((user, index) => chaosClient(world, user, index));
  return world;
}

function chaosClient(world: ChaosWorld, user: TestUser, index: number): ChaosClient {
  const fetch = world.proxy.fetchFor(index);
  // The harness wraps `server.app.request`; here that is the chaos proxy for this client.
  const viaProxy = { app: { request: fetch } } as unknown as TestServer;
  const client = createClient({ server: viaProxy, alice: user, bob: user, org: world.org }, user, { clock: world.clock, dbName: `chaos-${index}-${Date.now()}` });
  const getToken = async () => user.accessToken;
  const uploader = createEvidenceUploader({
    db: client.db,
    transport: createEvidenceTransport({ getToken, fetch: client.net.fetch }),
    lock: createInProcessLock(`chaos-evidence-${index}`),
    getUserId: () => user.userId,
    retryDelaysMs: [],
  });
  return { ...client, index, uploader };
}
