import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMutations } from '#server/db/schema/index.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { MUTATION_RETENTION_DAYS, purgeOldMutations } from './sync.retention.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each([TEST_DRIVER])('client_mutations retention (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(driver);
  });
  afterAll(async () => server?.close());

  it(`drops ledger entries older than ${MUTATION_RETENTION_DAYS} days and keeps the rest`, async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const entry = (ageDays: number) => ({ mutationId: randomUUID(), clientId: 'c', userId: randomUUID(), kind: 'answer.set', result: { status: 'applied' }, createdAt: new Date(now.getTime() - ageDays * DAY) });
    const old = [entry(MUTATION_RETENTION_DAYS + 1), entry(400)];
    const kept = [entry(MUTATION_RETENTION_DAYS - 1), entry(0)];
    await server.deps.db.insert(clientMutations).values([...old, ...kept]);

    expect(await purgeOldMutations(server.deps, now)).toBe(2);
    const left = await server.deps.db.select({ id: clientMutations.mutationId }).from(clientMutations);
    expect(left.map((r) => r.id).sort()).toEqual(kept.map((k) => k.mutationId).sort());
    expect(await purgeOldMutations(server.deps, now)).toBe(0);
  });
});
