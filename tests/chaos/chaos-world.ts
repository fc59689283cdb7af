// The chaos world: a real server on PGlite ON DISK (a temp DATA_DIR, so a restart keeps the data),
// one organization with three members and one assessment, and clients built with the sync
// harness (tests/sync/harness.ts) whose requests go through the chaos proxy.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, type BuiltServer } from '#server/compose.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
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

export interface ChaosWorld {
  dataDir: string;
  server: BuiltServer;
  org: OrgFixture;
  users: TestUser[];
  proxy: ChaosProxy;
  clock: Clock;
  clients: ChaosClient[];
  restarts: number;
  /** Refuses traffic, lets in-flight requests finish, closes the server and opens a new one on the same data. */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

/** The subset of TestServer the auth helpers use, over any built server. */
function asTestServer(built: BuiltServer): TestServer {
  const json: TestServer['json'] = async (method, p, body, token) => {
    const headers: Record<string, string> = { apikey: EMBEDDED_ANON_KEY, 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await built.app.request(p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json().catch(() => null), headers: res.headers };
  };
  return { ...built, mail: [], json };
}

// About sync under faults, not e-mail confirmation: sign-up returns a session at once.
const boot = (dataDir: string) => buildServer(testEnv({ DATA_DIR: dataDir, AUTH_AUTOCONFIRM: 'true' }), { mailer: memoryMailer() });

export async function createChaosWorld(seed: number, clientCount: number): Promise<ChaosWorld> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mvrsp-chaos-'));
  const first = await boot(dataDir);
  const users: TestUser[] = [];
  for (let i = 0; i < clientCount; i++) users.push(await signUpUser(asTestServer(first)));
  const org = await seedOrg(first.deps.db, 'Chaos', { userId: users[0]!.userId, otherUserId: users[1]!.userId });
  for (const u of users.slice(2)) await addMember(first.deps.db, org.orgId, 'Carol', 'active', u.userId);

  const clock = fakeClock();
  const world: ChaosWorld = {
    dataDir,
    server: first,
    org,
    users,
    clock,
    clients: [],
    restarts: 0,
    proxy: createChaosProxy(seed, () => async (url, init) => world.server.app.request(url, init)),
    async restart() {
      world.proxy.down = true;
      await world.proxy.idle();
      await world.server.close();
      world.server = await boot(dataDir);
      world.restarts += 1;
      world.proxy.down = false;
    },
    async dispose() {
      world.proxy.down = true;
      await world.proxy.idle();
      for (const c of world.clients) await c.db.delete();
      await world.server.close();
      await rm(dataDir, { recursive: true, force: true });
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
