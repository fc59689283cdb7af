// The last-admin rule (membership.service.ts, assertKeepsAnOrgAdmin): whatever takes an org_admin
// away — a role change, disabling, removal — leaves the organization at least one active org_admin,
// also when such changes race on two app instances with their own connection pools (PostgreSQL;
// on PGlite both instances share its one connection).
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profiles } from '#server/db/schema/index.ts';
import { createSecondInstance, createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, refusalOf } from '#tests/setup/api-client.ts';
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

  /** The admin user routes of `server` (one of the two instances), as the system admin. */
  const users = (server: TestServer) => apiClient(server, sys.accessToken).admin.users[':id'];
  const setRole = (server: TestServer, who: Member, role: 'org_admin' | 'team_member' | 'system_admin') => users(server).role.$put({ param: { id: who.userId }, json: { role } });
  const disable = (server: TestServer, who: Member) => users(server).disable.$post({ param: { id: who.userId } });
  const enable = (server: TestServer, who: Member) => users(server).enable.$post({ param: { id: who.userId } });
  const activeAdmins = async (organizationId: string) =>
    (
      await one.deps.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.organizationId, organizationId), eq(profiles.role, 'org_admin'), eq(profiles.status, 'active')))
    ).map((p) => p.id);

  /** Exactly one of two racing changes went through; the other answered 409 with the last-admin message. */
  async function expectOneRefused(answers: { status: number; json(): Promise<unknown> }[]) {
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await refusalOf(answers.find((a) => a.status === 409)!, 409)).toMatchObject({ code: 'conflict', error: LAST_ADMIN_MESSAGE });
  }

  it('two demotions of the two org_admins racing on two instances leave exactly one, every round', async () => {
    expect((await setRole(one, bo, 'org_admin')).status).toBe(200);
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = round % 2 ? [one, two] : [two, one];
      const answers = await Promise.all([setRole(first, ada, 'team_member'), setRole(second, bo, 'team_member')]);
      await expectOneRefused(answers);
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
      await expectOneRefused(answers);
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
        apiClient(first, ada.accessToken).organization.members[':id'].$delete({ param: { id: other.userId } }),
        setRole(second, ada, 'team_member'),
      ]);
      // Ada's demotion may land first, and then she is no org_admin to remove anyone (403).
      const statuses = answers.map((a) => a.status);
      const bodies: unknown[] = await Promise.all(answers.map((a) => a.json()));
      expect(statuses.filter((s) => s === 200), JSON.stringify(bodies)).toHaveLength(1);
      const left = await activeAdmins(ada.organizationId!);
      expect(left, `round ${round}`).toHaveLength(1);
      if (left[0] !== ada.userId) {
        expect((await setRole(one, ada, 'org_admin')).status).toBe(200);
        expect((await setRole(one, other, 'team_member')).status).toBe(200);
      }
    }
  }, RACE_TIMEOUT);

  it('refuses to disable or demote the only org_admin, with the last-admin message', async () => {
    const refused = await refusalOf(disable(two, ada), 409);
    expect(refused).toMatchObject({ code: 'conflict', error: LAST_ADMIN_MESSAGE });
    const demoted = await refusalOf(setRole(two, ada, 'team_member'), 409);
    expect(demoted.error).toBe(LAST_ADMIN_MESSAGE);
    const toSystem = await refusalOf(setRole(two, ada, 'system_admin'), 409);
    expect(toSystem.error).toBe(LAST_ADMIN_MESSAGE);
    expect(await activeAdmins(ada.organizationId!)).toEqual([ada.userId]);
    expect((await apiClient(one, ada.accessToken).auth.profile.$get()).status).toBe(200);

    // With a second org_admin, one of them can go; then the other is the only one again.
    expect((await setRole(one, bo, 'org_admin')).status).toBe(200);
    expect((await disable(one, bo)).status).toBe(200);
    const last = await refusalOf(setRole(two, ada, 'team_member'), 409);
    expect(last.error).toBe(LAST_ADMIN_MESSAGE);
    // A disabled org_admin is no active admin: demoting them takes nothing away.
    expect((await setRole(one, bo, 'team_member')).status).toBe(200);
    expect(await activeAdmins(ada.organizationId!)).toEqual([ada.userId]);
  });
});
