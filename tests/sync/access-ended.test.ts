// A member whose access ended while the sync engine runs: the server's 403 on push or pull
// (code access_removed / organization_deleted) is reported to the session provider's one
// listener (src/lib/http.ts onAuthFailure), exactly as a page's API call reports it; so is the
// evidence uploader's.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profiles } from '#server/db/schema/index.ts';
import { randomUUID } from 'node:crypto';
import { onAuthFailure, type AuthFailure } from '#src/lib/http.ts';
import { createEvidenceTransport } from '#sync/evidence/evidence-transport.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createClient, createWorld, type Client, type World } from './harness.ts';

describe.each([TEST_DRIVER])('sync: access ended on the server (%s)', (driver) => {
  let world: World;
  let alice: Client;
  let heard: AuthFailure[];
  let off: () => void;

  beforeEach(async () => {
    world = await createWorld(driver);
    alice = createClient(world, world.alice);
    heard = [];
    off = onAuthFailure((f) => heard.push(f));
  });
  afterEach(async () => {
    off();
    alice.engine.stop();
    await alice.db.delete();
    await world.server.close();
  });

  // Hosted auth keeps the token valid after a removal: the API itself refuses the profile (ADR 003).
  const setProfile = (patch: Partial<typeof profiles.$inferInsert>) => world.server.deps.db.update(profiles).set(patch).where(eq(profiles.id, world.alice.userId));

  it('a push refused because the member was removed signs the user out (removed)', async () => {
    await alice.record(world.org.questionIds[0]!, 'yes');
    await setProfile({ status: 'removed' });
    const report = await alice.engine.drainNow();
    expect(report.failure).toMatchObject({ http: 403, code: 'access_removed' });
    expect(heard).toEqual(['removed']);
  });

  it('a pull refused because the organization was deleted signs the user out (organization_deleted)', async () => {
    await setProfile({ status: 'removed', organizationId: null });
    const failure = await alice.engine.pull(world.org.assessmentId);
    expect(failure).toMatchObject({ http: 403, code: 'organization_deleted' });
    expect(heard).toEqual(['organization_deleted']);
  });

  it('an evidence upload refused because the account was disabled signs the user out (disabled)', async () => {
    await setProfile({ status: 'disabled' });
    const uploads = createEvidenceTransport({ getToken: async () => world.alice.accessToken, fetch: async (url, init) => world.server.app.request(url, init) });
    const declared = await uploads.declare({ evidenceId: randomUUID(), assessmentId: world.org.assessmentId, questionId: world.org.questionIds[0]!, fileName: 'a.pdf', mimeType: 'application/pdf', size: 10, sha256: 'a'.repeat(64) });
    expect(declared).toMatchObject({ ok: false, status: 403, code: 'account_disabled' });
    expect(heard).toEqual(['disabled']);
  });

  it('any other 403 on sync does not', async () => {
    await setProfile({ role: 'team_member' });
    alice.net.faults.push({ status: 403 });
    await alice.engine.pull(world.org.assessmentId);
    expect(heard).toEqual([]);
  });
});
