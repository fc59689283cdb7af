// The in-process app's metrics: sync push outcomes, job runs, per-app registries, the token gate.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDueJobs } from '#server/features/jobs/index.ts';
import { seedOrg, type OrgFixture } from '#server/features/sync/sync.test-fixtures.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { type TestUser } from '#tests/setup/auth.ts';
import { makeUser } from '#tests/setup/factories.ts';

const TOKEN = 'metrics-test-token-abcdef012345';

const scrape = async (server: TestServer, auth = `Bearer ${TOKEN}`) => {
  const res = await server.app.request('/metrics', { headers: { authorization: auth } });
  return { status: res.status, text: await res.text() };
};

describe('GET /metrics', () => {
  let server: TestServer;
  let alice: TestUser;
  let org: OrgFixture;
  beforeEach(async () => {
    server = await createTestServer('pglite', { METRICS_TOKEN: TOKEN });
    alice = await makeUser(server);
    org = await seedOrg(server.deps.db, 'Acme', { userId: alice.userId });
  });
  afterEach(() => server.close());

  it('counts pushed mutations by result: applied, then replayed as duplicate, and rejected', async () => {
    const m = { id: crypto.randomUUID(), kind: 'answer.set', assessmentId: org.assessmentId, payload: { questionId: org.questionIds[0]!, value: 'yes' }, baseVersion: 0, clientTs: 1_700_000_000_000 };
    const bad = { ...m, id: crypto.randomUUID(), payload: { questionId: 'no-such-question', value: 'yes' } };
    const push = (mutations: unknown[]) => server.json('POST', '/api/sync/push', { clientId: 'c1', pendingCount: mutations.length, mutations }, alice.accessToken);
    expect((await push([m])).status).toBe(200);
    expect((await push([m, bad])).status).toBe(200);
    const { text } = await scrape(server);
    expect(text).toMatch(/^sync_mutations_total\{result="applied"\} 1$/m);
    expect(text).toMatch(/^sync_mutations_total\{result="duplicate"\} 1$/m);
    expect(text).toMatch(/^sync_mutations_total\{result="rejected"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="POST",route="\/api\/sync\/push",status="2xx"\} 2$/m);
  });

  it('counts job runs per job and reads the queue depth from the database on each scrape', async () => {
    await runDueJobs(server.deps, new Date());
    const { text } = await scrape(server);
    expect(text).toMatch(/^scheduled_job_runs_total\{job="sync.purge_ledger",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^queue_depth\{queue="jobs_due"\} 0$/m);
  });

  it('keeps each app instance\'s figures apart', async () => {
    const other = await createTestServer('pglite', { METRICS_TOKEN: TOKEN });
    await server.app.request('/api/health');
    expect((await scrape(server)).text).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status="2xx"\} 1$/m);
    expect((await scrape(other)).text).not.toMatch(/route="\/api\/health"/);
  });

  it('answers 401 without the token or with a wrong one, and 404 when no token is configured', async () => {
    expect((await scrape(server, '')).status).toBe(401);
    expect((await scrape(server, `Bearer ${TOKEN}x`)).status).toBe(401);
    const open = await createTestServer('pglite');
    expect((await scrape(open)).status).toBe(404);
  });
});
