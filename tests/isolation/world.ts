// The two-organization world the tenant-isolation matrix runs in. Built once per driver through
// the real endpoints; rows build their requests against organization A.
import {
  createOrgAdmin,
  joinOrganization,
  removeMember,
  signInSystemAdmin,
  type Member,
} from './fixtures.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signInUser, type TestUser } from '#tests/setup/auth.ts';
import { makeUser } from '#tests/setup/factories.ts';
import type { DriverName } from '#tests/setup/test-env.ts';

export interface World {
  server: TestServer;
  orgA: { id: string; name: string };
  orgB: { id: string; name: string };
  /** org_admin of A (the owner of every resource the rows target). */
  adminA: Member;
  /** team_member of A. */
  memberA: Member;
  /** A former member of A: `oldToken` is from before removal, `accessToken` from a sign-in after it. */
  removedA: Member & { oldToken: string };
  /** Members of organization B (the attacker's side). */
  adminB: Member;
  memberB: Member;
  systemAdmin: Member;
  /** A signed-in user who has no profile yet (for the sign-up style routes). */
  freshUser(): Promise<TestUser>;
  /** Strings that must never appear in a response to someone outside organization A. */
  secretsOfA: string[];
}

export async function buildWorld(driver: DriverName): Promise<World> {
  const server = await createTestServer(driver);
  const orgAName = 'Orgalpha Confidential Research';
  const adminA = await createOrgAdmin(server, { organizationName: orgAName, email: 'alpha-admin@a.example' });
  const memberA = await joinOrganization(server, adminA.organizationId!, { email: 'alpha-member@a.example' });
  const removed = await joinOrganization(server, adminA.organizationId!, { email: 'alpha-removed@a.example' });
  await removeMember(server, adminA, removed.userId);
  const afterRemoval = await signInUser(server, removed.email, removed.password);
  const adminB = await createOrgAdmin(server, { organizationName: 'Orgbeta Institute', email: 'beta-admin@b.example' });
  const memberB = await joinOrganization(server, adminB.organizationId!, { email: 'beta-member@b.example' });
  // A pending invitation in A, so listings have something to leak.
  const invited = await server.json(
    'POST',
    '/api/auth/invite',
    { email: 'alpha-invitee@a.example', organizationId: adminA.organizationId },
    adminA.accessToken,
  );
  if (invited.status !== 201) throw new Error(`invite failed: ${JSON.stringify(invited.body)}`);
  return {
    server,
    orgA: { id: adminA.organizationId!, name: orgAName },
    orgB: { id: adminB.organizationId!, name: 'Orgbeta Institute' },
    adminA,
    memberA,
    removedA: { ...removed, accessToken: afterRemoval.accessToken, oldToken: removed.accessToken },
    adminB,
    memberB,
    systemAdmin: await signInSystemAdmin(server),
    freshUser: () => makeUser(server),
    secretsOfA: [orgAName, adminA.organizationId!, adminA.email, memberA.email, 'alpha-invitee@a.example', removed.email],
  };
}
