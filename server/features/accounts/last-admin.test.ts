// The last-admin rule (membership.service.ts, assertKeepsAnOrgAdmin): whatever takes an org_admin
// away — a role change, disabling, removal — leaves the organization at least one active org_admin,
// also when such changes race on two app instances with their own connection pools (PostgreSQL;
// on PGlite both instances share its one connection).
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profiles } from '#server/db/schema/index.ts';
import { createSecondInstance, createTestServer, type TestServer } from '#tests/setup/app.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { LAST_ADMIN_MESSAGE } from './membership.service.ts';

const ROUNDS = 20;
/** Many rounds of real requests: more than the default test timeout on a busy machine. */
const RACE_TIMEOUT = 120_000;

describe.each(DB_DRIVERS)('an organization always keeps an org_admin (%s)', (driver) => {
  let one: TestServer;
  let two: TestServer;
  let sys: Member;
  let ada: Member;
  let bo: Member;

  beforeEach(async () => {
    one = await createTestServer(driver);
    two = await createSecondInstance(one);
    ada = await createOrgAdmin(one, { organizationName: 'Acme Research' });
    bo = await joinOrganization(one, ada.organizationId!, { firstName: 'Bo', lastName: 'Second' });
    sys = await signInSystemAdmin(one);
  });
  afterEach(async () => {
    await two.close();
    await one.close();
  });

  const setRole = (server: TestServer, who: Member, role: string) => server.json('PUT', `/api/admin/users/${who.userId}/role`, { role }, sys.accessToken);
  const disable = (server: TestServer, who: Member) => server.json('POST', `/api/admin/users/${who.userId}/disable`, undefined, sys.accessToken);
  const enable = (server: TestServer, who: Member) => server.json('POST', `/api/admin/users/${who.userId}/enable`, undefined, sys.accessToken);
  const activeAdmins = async (organizationId: string) =>
    (
      await one.deps.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.organizationId, organizationId), eq(profiles.role, 'org_admin'), eq(profiles.status, 'active')))
    ).map((p) => p.id);

  /** Exactly one of two racing changes went through; the other answered 409 with the last-admin message. */
  function expectOneRefused(answers: { status: number; body: any }[]) {
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ code: 'conflict', error: LAST_ADMIN_MESSAGE });
  }

  it('two demotions of the two org_admins racing on two instances leave exactly one, every round', async () => {
    expect((await setRole(one, bo, 'org_admin')).status).toBe(200);
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = round % 2 ? [one, two] : [two, one];
      const answers = await Promise.all([setRole(first, ada, 'team_member'), setRole(second, bo, 'team_member')]);
      expectOneRefused(answers);
      const left = await activeAdmins(ada.organizationId!);
      expect(left, `round ${round}`).toHaveLength(1);
      const demoted = left[0] === ada.userId ? bo : ada;
      expect((await setRole(one, demoted, 'org_admin')).status).toBe(200);
    }
  }, RACE_TIMEOUT);

  it('a demotion racing a disabling of the other org_admin leaves exactly one, every round', async () => {
    expect((await setRole(one, bo, 'org_admin')).status).toBe(200);
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = round % 2 ? [one, two] : [two, one];
      const answers = await Promise.all([disable(first, ada), setRole(second, bo, 'team_member')]);
      expectOneRefused(answers);
      expect(await activeAdmins(ada.organizationId!), `round ${round}`).toHaveLength(1);
      if (answers[0]!.status === 200) expect((await enable(one, ada)).status).toBe(200);
      else expect((await setRole(one, bo, 'org_admin')).status).toBe(200);
    }
  }, RACE_TIMEOUT);

  it('a removal racing a demotion of the remover leaves exactly one org_admin', async () => {
    for (let round = 0; round < 6; round++) {
      const other = await joinOrganization(one, ada.organizationId!, { firstName: `Other${round}`, lastName: 'Admin' });
      expect((await setRole(one, other, 'org_admin')).status).toBe(200);
      const [first, second] = round % 2 ? [one, two] : [two, one];
      const answers = await Promise.all([
        first.json('DELETE', `/api/organization/members/${other.userId}`, undefined, ada.accessToken),
        setRole(second, ada, 'team_member'),
      ]);
      // Ada's demotion may land first, and then she is no org_admin to remove anyone (403).
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200), JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
      const left = await activeAdmins(ada.organizationId!);
      expect(left, `round ${round}`).toHaveLength(1);
      if (left[0] !== ada.userId) {
        expect((await setRole(one, ada, 'org_admin')).status).toBe(200);
        expect((await setRole(one, other, 'team_member')).status).toBe(200);
      }
    }
  }, RACE_TIMEOUT);

  it('refuses to disable or demote the only org_admin, with the last-admin message', async () => {
    const refused = await disable(two, ada);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'conflict', error: LAST_ADMIN_MESSAGE });
    const demoted = await setRole(two, ada, 'team_member');
    expect([demoted.status, demoted.body.error]).toEqual([409, LAST_ADMIN_MESSAGE]);
    const toSystem = await setRole(two, ada, 'system_admin');
    expect([toSystem.status, toSystem.body.error]).toEqual([409, LAST_ADMIN_MESSAGE]);
    expect(await activeAdmins(ada.organizationId!)).toEqual([ada.userId]);
    expect((await one.json('GET', '/api/auth/profile', undefined, ada.accessToken)).status).toBe(200);

    // With a second org_admin, one of them can go; then the other is the only one again.
    expect((await setRole(one, bo, 'org_admin')).status).toBe(200);
    expect((await disable(one, bo)).status).toBe(200);
    const last = await setRole(two, ada, 'team_member');
    expect([last.status, last.body.error]).toEqual([409, LAST_ADMIN_MESSAGE]);
    // A disabled org_admin is no active admin: demoting them takes nothing away.
    expect((await setRole(one, bo, 'team_member')).status).toBe(200);
    expect(await activeAdmins(ada.organizationId!)).toEqual([ada.userId]);
  });
});
