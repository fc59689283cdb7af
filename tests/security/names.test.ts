// Names reach invitation and join-request mails sent from the product's address: every way a name
// comes in refuses invisible or text-direction characters and web addresses with a readable 400
// (domain/text.ts nameProblem, domain/contracts/fields.ts nameField), and nothing is stored.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { joinRequests, organizations, profiles } from '#server/db/schema/index.ts';
import { createOrgAdmin, inviteTokenFor, joinKeyOf, type Member } from '#tests/isolation/fixtures.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signUpUser } from '#tests/setup/auth.ts';

const WEB = ['https://evil.example/login', 'www.evil', 'evil.com/x', 'Acme (example.co)'];
const INVISIBLE = ['Acme\u202eResearch', 'Acme\u2066Research\u2069', 'Ac\u200bme', 'Ac\ufeffme', 'A\u2060cme'];

describe('names with web addresses or invisible characters are refused everywhere a name comes in', () => {
  let server: TestServer;
  let admin: Member;
  beforeAll(async () => {
    server = await createTestServer('pglite');
    admin = await createOrgAdmin(server, { organizationName: 'Acme Research' });
  });
  afterAll(async () => server?.close());

  const expectRefused = (res: { status: number; body: Record<string, unknown> }, message: string, what: string) => {
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
    expect(res.body.error, what).toBe(message);
  };

  it('sign-up: first, last, contact and organization names', async () => {
    const user = await signUpUser(server);
    const base = { supabaseUserId: user.userId, email: user.email, firstName: 'Ada', lastName: 'Lovelace', organizationName: 'Analytical Engines' };
    for (const url of WEB) {
      for (const field of ['firstName', 'lastName', 'organizationName', 'contactName'] as const) {
        expectRefused(await server.json('POST', '/api/auth/signup', { ...base, [field]: url }, user.accessToken), MSG.nameWebAddress, `${field}=${url}`);
      }
    }
    for (const bad of INVISIBLE) {
      for (const field of ['firstName', 'organizationName'] as const) {
        expectRefused(await server.json('POST', '/api/auth/signup', { ...base, [field]: bad }, user.accessToken), MSG.nameInvisibleChars, `${field}=${JSON.stringify(bad)}`);
      }
    }
    expect(await server.deps.db.select().from(profiles).where(eq(profiles.id, user.userId))).toEqual([]);
    // Abbreviations and initials are names.
    const ok = await server.json('POST', '/api/auth/signup', { ...base, firstName: 'J. R. R.', organizationName: "St. John's College" }, user.accessToken);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('sign-up metadata at the provider: a profile is not built from a refused name', async () => {
    const user = await signUpUser(server, { data: { firstName: 'Eve', lastName: 'Evil', organizationName: 'Claim your prize at evil.com/x' } });
    const res = await server.json('GET', '/api/auth/profile', undefined, user.accessToken);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('profile_missing');
    expect(await server.deps.db.select().from(organizations).where(eq(organizations.name, 'Claim your prize at evil.com/x'))).toEqual([]);
  });

  it('organization rename', async () => {
    for (const name of WEB) expectRefused(await server.json('PUT', '/api/organization/update', { name }, admin.accessToken), MSG.nameWebAddress, name);
    for (const name of INVISIBLE) expectRefused(await server.json('PUT', '/api/organization/update', { name }, admin.accessToken), MSG.nameInvisibleChars, JSON.stringify(name));
    const [org] = await server.deps.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, admin.organizationId!));
    expect(org?.name).toBe('Acme Research');
    expect((await server.json('PUT', '/api/organization/update', { name: 'Acme Research Univ.' }, admin.accessToken)).status).toBe(200);
  });

  it('invitation acceptance', async () => {
    const email = 'invited-names@example.org';
    expect((await server.json('POST', '/api/auth/invite', { email, organizationId: admin.organizationId }, admin.accessToken)).status).toBe(201);
    const token = inviteTokenFor(server, email);
    const accept = (firstName: string) => server.json('POST', '/api/auth/accept-invite', { token, firstName, lastName: 'Member', password: 'Long-enough-password-1' });
    expectRefused(await accept('http://evil.example'), MSG.nameWebAddress, 'accept-invite url');
    expectRefused(await accept('Mal\u202elory'), MSG.nameInvisibleChars, 'accept-invite bidi');
    expect((await accept('Mary-Jane')).status).toBe(201);
  });

  it('join request by link: the name the org_admins are mailed about', async () => {
    const joinKey = await joinKeyOf(server, admin.organizationId!);
    const user = await signUpUser(server);
    const join = (firstName: string, lastName = 'Joiner') =>
      server.json('POST', '/api/auth/join-organization', { supabaseUserId: user.userId, email: user.email, firstName, lastName, organizationId: admin.organizationId, joinKey }, user.accessToken);
    expectRefused(await join('Visit www.evil'), MSG.nameWebAddress, 'join url');
    expectRefused(await join('Jo', 'evil.com'), MSG.nameWebAddress, 'join domain');
    expectRefused(await join('Jo\u200f'), MSG.nameInvisibleChars, 'join rlm');
    expect(await server.deps.db.select().from(joinRequests).where(eq(joinRequests.userId, user.userId))).toEqual([]);
    expect((await join('Jo')).status).toBe(202);
  });
});
