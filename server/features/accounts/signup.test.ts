import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '#domain/messages.ts';
import { organizations } from '#server/db/schema/index.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { signUpUser } from '#tests/setup/auth.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinKeyOf, joinOrganization } from '#tests/isolation/fixtures.ts';

const signupBody = (user: { userId: string; email: string }, extra: Record<string, unknown> = {}) => ({
  supabaseUserId: user.userId,
  email: user.email,
  firstName: 'Grace',
  lastName: 'Hopper',
  organizationName: '  Hopper Institute  ',
  contactName: '',
  contactEmail: '',
  contactPhone: '555-0100',
  ...extra,
});

describe.each([TEST_DRIVER])('POST /api/auth/signup and join-organization (%s)', (driver) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(driver);
  });
  afterAll(async () => server?.close());

  it('creates the organization with the caller as org_admin, trimming the name and defaulting the contact', async () => {
    const user = await signUpUser(server);
    const res = await server.json('POST', '/api/auth/signup', signupBody(user), user.accessToken);
    expect(res.status).toBe(201);
    expect(res.body.profile).toMatchObject({
      id: user.userId,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: user.email,
      role: 'org_admin',
      organization: { name: 'Hopper Institute', status: 'active', joinByLinkEnabled: true },
    });
    const [org] = await server.deps.db.select().from(organizations).where(eq(organizations.id, res.body.profile.organization.id));
    expect(org).toMatchObject({ contactName: 'Grace Hopper', contactEmail: user.email, contactPhone: '555-0100' });

    const profile = await server.json('GET', '/api/auth/profile', undefined, user.accessToken);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: user.userId, role: 'org_admin', organization: { id: org!.id, name: 'Hopper Institute' } });
  });

  it('keeps an explicit contact name and e-mail', async () => {
    const user = await signUpUser(server);
    const res = await server.json('POST', '/api/auth/signup', signupBody(user, { contactName: 'Office', contactEmail: 'Office@Example.org' }), user.accessToken);
    expect(res.status).toBe(201);
    const [org] = await server.deps.db.select().from(organizations).where(eq(organizations.id, res.body.profile.organization.id));
    expect(org).toMatchObject({ contactName: 'Office', contactEmail: 'office@example.org' });
  });

  it('requires a bearer token', async () => {
    const user = await signUpUser(server);
    const res = await server.json('POST', '/api/auth/signup', signupBody(user));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });

  it('refuses a supabaseUserId or e-mail that is not the token subject', async () => {
    const user = await signUpUser(server);
    const other = await signUpUser(server);
    const byId = await server.json('POST', '/api/auth/signup', signupBody(user, { supabaseUserId: other.userId }), user.accessToken);
    expect(byId.status).toBe(403);
    const byEmail = await server.json('POST', '/api/auth/signup', signupBody(user, { email: other.email }), user.accessToken);
    expect(byEmail.status).toBe(403);
    expect((await server.json('GET', '/api/organization/members', undefined, user.accessToken)).status).toBe(403);
  });

  it('validates the organization name and the required names', async () => {
    const user = await signUpUser(server);
    const blank = await server.json('POST', '/api/auth/signup', signupBody(user, { organizationName: '   ' }), user.accessToken);
    expect(blank).toMatchObject({ status: 400, body: { error: MSG.orgNameRequired, code: 'validation_failed' } });
    const missing = await server.json('POST', '/api/auth/signup', signupBody(user, { firstName: '' }), user.accessToken);
    expect(missing).toMatchObject({ status: 400, body: { error: MSG.requiredFields } });
    const badContact = await server.json('POST', '/api/auth/signup', signupBody(user, { contactEmail: 'not-an-email' }), user.accessToken);
    expect(badContact.status).toBe(400);
  });

  it('allows one profile per user: a repeat is idempotent, a different organization is 409', async () => {
    const user = await signUpUser(server);
    expect((await server.json('POST', '/api/auth/signup', signupBody(user), user.accessToken)).status).toBe(201);
    const again = await server.json('POST', '/api/auth/signup', signupBody(user), user.accessToken);
    expect(again.status).toBe(200);
    const other = await server.json('POST', '/api/auth/signup', signupBody(user, { organizationName: 'Second Org' }), user.accessToken);
    expect(other.status).toBe(409);
    expect(other.body.error).toMatch(/already belongs/);
    expect(await server.deps.db.select().from(organizations)).toHaveLength(1);
  });

  it('joins by link as a team member (once an org_admin approved the request)', async () => {
    const admin = await createOrgAdmin(server, { organizationName: 'Joinable Lab' });
    const key = await joinKeyOf(server, admin.organizationId!);
    const pub = await server.json('GET', `/api/organization/public/${admin.organizationId}?key=${key}`);
    expect(pub).toMatchObject({ status: 200, body: { name: 'Joinable Lab' } });
    expect(Object.keys(pub.body)).toEqual(['name']);

    const member = await joinOrganization(server, admin.organizationId!, { firstName: 'Jo', lastName: 'Iner' });
    const profile = await server.json('GET', '/api/auth/profile', undefined, member.accessToken);
    expect(profile.body).toMatchObject({ role: 'team_member', first_name: 'Jo', organization: { id: admin.organizationId, name: 'Joinable Lab' } });
    const again = await server.json(
      'POST',
      '/api/auth/join-organization',
      { supabaseUserId: member.userId, email: member.email, firstName: 'Jo', lastName: 'Iner', organizationId: admin.organizationId },
      member.accessToken,
    );
    expect(again.status).toBe(200);
  });

  it('refuses to join an unknown organization or one with join-by-link switched off', async () => {
    const admin = await createOrgAdmin(server);
    const user = await signUpUser(server);
    const joinKey = await joinKeyOf(server, admin.organizationId!);
    const body = { supabaseUserId: user.userId, email: user.email, firstName: 'A', lastName: 'B', organizationId: crypto.randomUUID(), joinKey };
    const unknown = await server.json('POST', '/api/auth/join-organization', body, user.accessToken);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(MSG.joinLinkInvalid);

    const off = await server.json('PUT', '/api/organization/update', { joinByLinkEnabled: false }, admin.accessToken);
    expect(off.status).toBe(200);
    const closed = await server.json('POST', '/api/auth/join-organization', { ...body, organizationId: admin.organizationId }, user.accessToken);
    expect(closed.status).toBe(404);
    expect(closed.body.error).toBe(MSG.joinLinkInvalid);
    expect((await server.json('GET', `/api/organization/public/${admin.organizationId}?key=${joinKey}`)).status).toBe(404);

    const badId = await server.json('POST', '/api/auth/join-organization', { ...body, organizationId: 'nope' }, user.accessToken);
    expect(badId.status).toBe(400);
  });

  it('refuses a second organization for a member', async () => {
    const a = await createOrgAdmin(server);
    const b = await createOrgAdmin(server);
    const res = await server.json(
      'POST',
      '/api/auth/join-organization',
      { supabaseUserId: a.userId, email: a.email, firstName: 'A', lastName: 'B', organizationId: b.organizationId },
      a.accessToken,
    );
    expect(res.status).toBe(409);
  });

  it('answers the public organization lookup with 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await server.json('GET', '/api/organization/public/not-a-uuid')).status).toBe(400);
    const unknown = await server.json('GET', `/api/organization/public/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBeTruthy();
  });
});
