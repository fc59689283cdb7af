// The reminder jobs are set-based (reminders.ts, docs/decisions/019-quarterly-cycles.md): a
// pass sends the same number of statements at 1 and at 30 organizations, and queues 30 times the
// reminders. Each organization has every kind of reminder due on the same day.
import { asc, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema/index.ts';
import { cloneOrganization } from '#tests/setup/clone-organization.ts';
import { countingDb } from '#tests/setup/counting-db.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { organizationWithEverythingDue } from './jobs.test-helpers.ts';
import { JOBS, runDueJobs } from './scheduler.ts';

const at = (iso: string) => new Date(iso);
const REMINDER_JOBS = JOBS.filter((j) => j.name.startsWith('reminders.'));

describe.each([TEST_DRIVER])('reminder jobs at scale (%s)', (driver) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(driver, {}, { now: () => at('2026-03-02T12:00:00Z') });
  });
  afterEach(async () => server?.close());

  it('sends as many statements at 30 organizations as at 1, and queues every reminder of each', async () => {
    const orgId = await organizationWithEverythingDue(server);
    const counting = countingDb(server.database);
    const deps = { ...server.deps, db: counting.db };
    const kinds = async (ids: string[]) =>
      (await server.deps.db.select({ kind: notifications.kind }).from(notifications).where(inArray(notifications.organizationId, ids)).orderBy(asc(notifications.kind))).map((n) => n.kind);

    const first = await runDueJobs(deps, at('2026-07-01T08:00:00Z'), REMINDER_JOBS);
    expect(first.map((r) => [r.name, r.ok])).toEqual(REMINDER_JOBS.map((j) => [j.name, true]));
    const atOne = counting.count();
    const one = await kinds([orgId]);
    // Every kind: the legal date and the suggested assessment to the admin, the file and the action to their owner.
    expect(new Set(one)).toEqual(new Set(['legal_deadline', 'reassess', 'evidence_expiry', 'action_due', 'certification_expiry']));

    const copies = await cloneOrganization(server.deps.db, orgId, 29);
    counting.reset();
    // An hour later (the same day): the jobs are due again; the first organization's reminders exist already.
    await runDueJobs(deps, at('2026-07-01T09:00:00Z'), REMINDER_JOBS);
    const atThirty = counting.count();
    expect(atThirty).toBe(atOne);
    const perCopy = await Promise.all(copies.map((id) => kinds([id])));
    expect(perCopy.every((k) => JSON.stringify(k) === JSON.stringify(one))).toBe(true);
    expect(await kinds([orgId, ...copies])).toHaveLength(30 * one.length);
  });
});
