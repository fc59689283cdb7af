// The organization's two-step verification policy (ADR 040): PUT /api/organization/security, the
// 403 mfa_required that requireProfile answers an aal1 session with, and the reset of a lost factor
// by an org_admin (their team members) or a system admin (anyone), across organizations.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_MSG } from '#domain/mfa-messages.ts';
import { auditLog, authMfaFactors, authSessions } from '#server/db/schema/index.ts';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { verifySecondFactor } from '#tests/setup/mfa.ts';
import { signInUser } from '#tests/setup/auth.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';

describe.each([TEST_DRIVER])('two-step verification policy (%s)', (driver) => {
  let server: TestServer;
  let ada: Member; // org_admin of Acme, which will require MFA
  let bo: Member; // team member of Acme
  let cy: Member; // org_admin of Beta, which does not
  let dee: Member; // team member of Beta
  let sys: Member;

  const call = (method: string, path: string, token: string, body?: unknown) => server.json(method, path, body, token);
  /** The member's session raised to aal2 through the provider's factor endpoints. */
  const aal2 = async (m: Member): Promise<Member> => {
    const raised = await verifySecondFactor(server, m);
    return { ...m, accessToken: raised.access_token, refreshToken: raised.refresh_token };
  };
  const audits = (action: string, targetId: string) =>
    server.deps.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

  beforeAll(async () => {
    server = await createTestServer(driver);
    ada = await createOrgAdmin(server, { organizationName: 'Acme Research', firstName: 'Ada', lastName: 'Admin' });
    bo = await joinOrganization(server, ada.organizationId!, { firstName: 'Bo', lastName: 'Member' });
    cy = await createOrgAdmin(server, { organizationName: 'Beta Labs', firstName: 'Cy', lastName: 'Other' });
    dee = await joinOrganization(server, cy.organizationId!, { firstName: 'Dee', lastName: 'Beta' });
    sys = await signInSystemAdmin(server);
  });
  afterAll(async () => server?.close());

  it('refuses bodies other than { requireMfa: boolean } with a message the UI can show, and non-admins', async () => {
    for (const body of [{}, { requireMfa: 'yes' }, { requireMfa: true, extra: 1 }, [], null]) {
      const res = await call('PUT', '/api/organization/security', ada.accessToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(MFA_MSG.mfaPolicyBodyInvalid);
    }
    expect((await call('PUT', '/api/organization/security', bo.accessToken, { requireMfa: false })).status).toBe(403);
    expect((await call('PUT', '/api/organization/security', sys.accessToken, { requireMfa: false })).status).toBe(403);
    expect((await server.json('PUT', '/api/organization/security', { requireMfa: true })).status).toBe(401);
  });

  it('takes an aal2 session to turn the policy on (the admin cannot shut themselves out)', async () => {
    const res = await call('PUT', '/api/organization/security', ada.accessToken, { requireMfa: true });
    expect(res).toMatchObject({ status: 403, body: { code: 'mfa_enrol_first', error: MFA_MSG.mfaPolicyNeedsOwnFactor } });
    expect((await call('GET', '/api/auth/profile', ada.accessToken)).body.organization.require_mfa).toBe(false);
  });

  it('accepts aal1 in an organization that does not require it', async () => {
    expect((await call('GET', '/api/auth/profile', dee.accessToken)).status).toBe(200);
    expect((await call('GET', '/api/assessments', dee.accessToken)).status).toBe(200);
  });

  it('always asks a system admin for aal2', async () => {
    const aal1 = await signInUser(server, sys.email, sys.password);
    const refused = await call('GET', '/api/admin/overview', aal1.accessToken);
    expect(refused).toMatchObject({ status: 403, body: { code: 'mfa_required', error: MFA_MSG.mfaRequired } });
    expect((await call('GET', '/api/auth/profile', aal1.accessToken)).body.code).toBe('mfa_required');
    expect((await call('GET', '/api/admin/overview', sys.accessToken)).status).toBe(200);
  });

  it('once on, refuses every member at aal1 (profile, reads, sync, uploads) and accepts aal2; audited; readable by members', async () => {
    ada = await aal2(ada);
    const on = await call('PUT', '/api/organization/security', ada.accessToken, { requireMfa: true });
    expect(on).toMatchObject({ status: 200, body: { require_mfa: true, message: MFA_MSG.mfaPolicyOn } });
    const [row] = await audits('organization.security', ada.organizationId!);
    expect(row).toMatchObject({ actorId: ada.userId, organizationId: ada.organizationId, before: JSON.stringify({ requireMfa: false }), after: JSON.stringify({ requireMfa: true }) });
    // Setting the same value again changes nothing and writes no second row.
    expect((await call('PUT', '/api/organization/security', ada.accessToken, { requireMfa: true })).status).toBe(200);
    expect(await audits('organization.security', ada.organizationId!)).toHaveLength(1);

    const probes: [string, string, unknown?][] = [
      ['GET', '/api/auth/profile'],
      ['GET', '/api/assessments'],
      ['GET', '/api/organization/members'],
      ['GET', '/api/sync/pull'],
      ['POST', '/api/sync/push', { mutations: [] }],
      ['POST', '/api/evidence/uploads', { assessmentId: ada.organizationId, fileName: 'a.pdf', size: 1 }],
    ];
    for (const [method, path, body] of probes) {
      const res = await call(method, path, bo.accessToken, body);
      expect(res, `${method} ${path}`).toMatchObject({ status: 403, body: { code: 'mfa_required', error: MFA_MSG.mfaRequired } });
    }
    const boAal2 = await aal2(bo);
    // A token minted before its session was raised still says aal1, and stays refused.
    expect((await call('GET', '/api/assessments', bo.accessToken)).body.code).toBe('mfa_required');
    const profile = await call('GET', '/api/auth/profile', boAal2.accessToken);
    expect(profile).toMatchObject({ status: 200, body: { organization: { require_mfa: true } } });
    expect((await call('GET', '/api/assessments', boAal2.accessToken)).status).toBe(200);
    // Another organization is untouched, and its admin reads only their own setting.
    expect((await call('GET', '/api/auth/profile', dee.accessToken)).status).toBe(200);
    expect((await call('GET', '/api/auth/profile', cy.accessToken)).body.organization).toMatchObject({ id: cy.organizationId, require_mfa: false });
    bo = boAal2;
  });

  it('an org_admin resets a team member: factors gone, verified sessions ended, audited, mailed', async () => {
    const before = await server.deps.db.select().from(authMfaFactors).where(eq(authMfaFactors.userId, bo.userId));
    expect(before.length).toBeGreaterThan(0);
    const mailsBefore = server.mail.length;
    const res = await call('DELETE', `/api/organization/members/${bo.userId}/factors`, ada.accessToken);
    expect(res).toMatchObject({ status: 200, body: { removed_factors: before.length, message: MFA_MSG.mfaFactorsReset('Bo Member') } });
    expect(await server.deps.db.select().from(authMfaFactors).where(eq(authMfaFactors.userId, bo.userId))).toHaveLength(0);
    expect(await server.deps.db.select().from(authSessions).where(and(eq(authSessions.userId, bo.userId), eq(authSessions.aal, 'aal2')))).toHaveLength(0);
    expect((await call('GET', '/api/assessments', bo.accessToken)).status).toBe(401);
    const [audit] = await audits('user.mfa_reset', bo.userId);
    expect(audit).toMatchObject({ actorId: ada.userId, organizationId: ada.organizationId, targetType: 'user' });
    const mail = server.mail.slice(mailsBefore).find((m) => m.to === bo.email);
    expect(mail?.subject).toMatch(/two-step verification .* was reset/);
    expect(mail?.links?.[0]).toMatch(/\/account\/security$/);
    // A new password sign-in is aal1: refused until a new factor is set up, which then works.
    const fresh = await signInUser(server, bo.email, bo.password);
    expect((await call('GET', '/api/assessments', fresh.accessToken)).body.code).toBe('mfa_required');
    bo = { ...bo, ...(await aal2({ ...bo, ...fresh })) };
    expect((await call('GET', '/api/assessments', bo.accessToken)).status).toBe(200);
  });

  it('another organization cannot reset; a team member cannot; an org_admin cannot reset an org_admin or themselves', async () => {
    const cross = await call('DELETE', `/api/organization/members/${bo.userId}/factors`, cy.accessToken);
    expect(cross.status).toBe(404);
    expect((await call('DELETE', `/api/organization/members/${dee.userId}/factors`, ada.accessToken)).status).toBe(404);
    expect((await call('DELETE', `/api/organization/members/${ada.userId}/factors`, bo.accessToken)).status).toBe(403);
    expect((await call('DELETE', `/api/organization/members/${ada.userId}/factors`, ada.accessToken)).status).toBe(400);
    const cyAdmin2 = await joinOrganization(server, cy.organizationId!, { firstName: 'Second', lastName: 'Admin' });
    expect((await call('PUT', `/api/admin/users/${cyAdmin2.userId}/role`, sys.accessToken, { role: 'org_admin' })).status).toBe(200);
    expect((await call('DELETE', `/api/organization/members/${cyAdmin2.userId}/factors`, cy.accessToken)).status).toBe(403);
    // Only system admins use the admin path.
    expect((await call('DELETE', `/api/admin/users/${bo.userId}/factors`, ada.accessToken)).status).toBe(403);
    expect(await server.deps.db.select().from(authMfaFactors).where(eq(authMfaFactors.userId, bo.userId))).not.toHaveLength(0);
    expect(await audits('user.mfa_reset', ada.userId)).toHaveLength(0);
  });

  it('a system admin resets an org_admin (any user), audited and mailed; an unknown user is a 404', async () => {
    const mailsBefore = server.mail.length;
    const res = await call('DELETE', `/api/admin/users/${ada.userId}/factors`, sys.accessToken);
    expect(res).toMatchObject({ status: 200, body: { removed_factors: 1 } });
    expect(await server.deps.db.select().from(authMfaFactors).where(eq(authMfaFactors.userId, ada.userId))).toHaveLength(0);
    expect((await call('GET', '/api/auth/profile', ada.accessToken)).status).toBe(401);
    expect(await audits('user.mfa_reset', ada.userId)).toMatchObject([{ actorId: sys.userId, organizationId: ada.organizationId }]);
    expect(server.mail.slice(mailsBefore).map((m) => m.to)).toContain(ada.email);
    expect((await call('DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000/factors', sys.accessToken)).status).toBe(404);
    expect((await call('DELETE', '/api/admin/users/not-a-uuid/factors', sys.accessToken)).status).toBe(400);
  });

  it('turning the policy off lets aal1 back in', async () => {
    const adaAal1 = await signInUser(server, ada.email, ada.password);
    expect((await call('GET', '/api/auth/profile', adaAal1.accessToken)).body.code).toBe('mfa_required');
    const adaAal2 = await aal2({ ...ada, ...adaAal1 });
    const off = await call('PUT', '/api/organization/security', adaAal2.accessToken, { requireMfa: false });
    expect(off).toMatchObject({ status: 200, body: { require_mfa: false, message: MFA_MSG.mfaPolicyOff } });
    expect((await call('GET', '/api/auth/profile', adaAal1.accessToken)).status).toBe(200);
  });
});
