// THE route table of the tenant-isolation matrix (tests/isolation/tenant-matrix.test.ts).
// Every /api route that needs a signed-in user must have a row here, or sit in PUBLIC_ROUTES;
// the matrix fails when a registered route has neither. Add a row with your new route.
import { randomUUID } from 'node:crypto';
import { PROFILE_WITH_EVERY_DUTY } from '#domain/questions/applicability.ts';
import { invitations, joinRequests } from '#server/db/schema/index.ts';
import { decodeJwt } from 'jose';
import { signInUser } from '#tests/setup/auth.ts';
import { joinKeyOf, joinOrganization } from './fixtures.ts';
import type { World } from './world.ts';
import { evidenceRows } from './evidence-routes.ts';
import { assessmentRows } from './assessment-routes.ts';
import { adminRouteRows } from './admin-routes.ts';
import { syncRows } from './sync-routes.ts';
import { actionRows } from './action-routes.ts';
import { certificationRows } from './certification-routes.ts';
import { ssoRows } from './sso-routes.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who inside organization A may call the route (the positive control uses that caller):
 * - 'user': any signed-in user, even one without a profile (sign-up style routes; a fresh user);
 * - 'member': any active member of A (memberA);
 * - 'org_admin': org_admins of A only (adminA; memberA must get 403);
 * - 'system_admin': system admins only (adminA and memberA must get 403).
 */
export type Access = 'user' | 'member' | 'org_admin' | 'system_admin';

/**
 * What a member of organization B gets for org A's request:
 * - 'denied': 403 or 404 (the request names an org-A resource);
 * - 'own-data': the route is about the caller's own organization, so B sees B's data (any status),
 *   and the body must still contain nothing of A.
 */
export type CrossOrg = 'denied' | 'own-data';

export interface BuiltRequest {
  path: string;
  body?: unknown;
}

export interface RouteRow {
  method: Method;
  /** The path pattern exactly as registered (Hono app.routes), e.g. /api/organization/members/:id. */
  route: string;
  access: Access;
  crossOrg: CrossOrg;
  /** Builds a request against organization A's resource; called afresh for every check, so it may create resources. */
  request(w: World): Promise<BuiltRequest> | BuiltRequest;
  /** Status the allowed caller gets (default: any 2xx). */
  okStatus?: number;
}

/** /api routes that answer without a bearer token (each one checked to do so). */
export const PUBLIC_ROUTES: ReadonlyArray<{ method: Method; route: string }> = [
  { method: 'GET', route: '/api/health' },
  { method: 'GET', route: '/api/ready' },
  { method: 'GET', route: '/api/config' },
  { method: 'GET', route: '/api/organization/public/:orgId' },
  { method: 'GET', route: '/api/auth/validate-invite' },
  { method: 'POST', route: '/api/auth/accept-invite' },
  { method: 'GET', route: '/api/verify/:code' },
  { method: 'GET', route: '/api/verify/:code/canonical.txt' },
  // The one-time export link: the token in the query is the authorization (server/features/data-export/export.download.ts).
  { method: 'GET', route: '/api/organization/export/download' },
];

const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@a.example`;

/** A pending invitation of A, written straight to the table: the rows that cancel one may run
 * hundreds of times (mutation fuzzing), more than the invitation e-mail budget allows. */
async function pendingInvitationOfA(w: World): Promise<string> {
  const [row] = await w.server.deps.db
    .insert(invitations)
    .values({ organizationId: w.orgA.id, email: uniqueEmail('inv'), tokenHash: randomUUID(), invitedBy: w.adminA.userId, expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000) })
    .returning({ id: invitations.id });
  return row!.id;
}

const accountRows: RouteRow[] = [
  { method: 'GET', route: '/api/auth/profile', access: 'member', crossOrg: 'own-data', request: () => ({ path: '/api/auth/profile' }) },
  {
    method: 'POST',
    route: '/api/auth/signup',
    access: 'user',
    crossOrg: 'own-data',
    request: () => ({ path: '/api/auth/signup', body: { firstName: 'New', lastName: 'Founder', organizationName: 'Brand New Org' } }),
  },
  {
    method: 'POST',
    route: '/api/auth/join-organization',
    access: 'user',
    crossOrg: 'own-data',
    request: async (w) => ({
      path: '/api/auth/join-organization',
      body: { firstName: 'New', lastName: 'Joiner', organizationId: w.orgA.id, joinKey: await joinKeyOf(w.server, w.orgA.id) },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/invite',
    access: 'org_admin',
    crossOrg: 'denied',
    request: (w) => ({ path: '/api/auth/invite', body: { email: uniqueEmail('matrix'), organizationId: w.orgA.id } }),
  },
];

/** A pending join request of A, written straight to the table (a fresh requester id each time). */
async function pendingJoinRequestOfA(w: World): Promise<string> {
  const [row] = await w.server.deps.db
    .insert(joinRequests)
    .values({ organizationId: w.orgA.id, userId: randomUUID(), email: uniqueEmail('req'), firstName: 'Req', lastName: 'Uester' })
    .returning({ id: joinRequests.id });
  return row!.id;
}

const organizationRows: RouteRow[] = [
  { method: 'GET', route: '/api/organization/join-link', access: 'org_admin', crossOrg: 'own-data', request: () => ({ path: '/api/organization/join-link' }) },
  // The zip of the caller's own organization: B's org_admin gets B's, a team member of A gets 403 (contents: server/features/data-export/data-export.test.ts).
  // A one-time link to the caller's own organization's zip (what it downloads: server/features/data-export/data-export.test.ts).
  { method: 'POST', route: '/api/organization/export', access: 'org_admin', crossOrg: 'own-data', request: () => ({ path: '/api/organization/export' }) },
  {
    method: 'POST',
    route: '/api/organization/join-link/rotate',
    access: 'org_admin',
    crossOrg: 'own-data',
    request: () => ({ path: '/api/organization/join-link/rotate' }),
  },
  {
    method: 'GET',
    route: '/api/organization/join-requests',
    access: 'org_admin',
    crossOrg: 'own-data',
    request: () => ({ path: '/api/organization/join-requests' }),
  },
  {
    method: 'POST',
    route: '/api/organization/join-requests/:id/approve',
    access: 'org_admin',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/organization/join-requests/${await pendingJoinRequestOfA(w)}/approve` }),
  },
  {
    method: 'POST',
    route: '/api/organization/join-requests/:id/decline',
    access: 'org_admin',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/organization/join-requests/${await pendingJoinRequestOfA(w)}/decline` }),
  },
  { method: 'GET', route: '/api/organization/members', access: 'member', crossOrg: 'own-data', request: () => ({ path: '/api/organization/members' }) },
  {
    method: 'GET',
    route: '/api/organization/applicability',
    access: 'member',
    crossOrg: 'own-data',
    request: () => ({ path: '/api/organization/applicability' }),
  },
  {
    method: 'PUT',
    route: '/api/organization/applicability',
    access: 'org_admin',
    crossOrg: 'own-data',
    request: () => ({ path: '/api/organization/applicability', body: PROFILE_WITH_EVERY_DUTY }),
  },
  {
    method: 'GET',
    route: '/api/organization/invitations',
    access: 'org_admin',
    crossOrg: 'own-data',
    request: () => ({ path: '/api/organization/invitations' }),
  },
  {
    method: 'PUT',
    route: '/api/organization/update',
    access: 'org_admin',
    crossOrg: 'own-data',
    request: () => ({ path: '/api/organization/update', body: { joinByLinkEnabled: true } }),
  },
  {
    method: 'DELETE',
    route: '/api/organization/invitations/:id',
    access: 'org_admin',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/organization/invitations/${await pendingInvitationOfA(w)}` }),
  },
  {
    method: 'DELETE',
    route: '/api/organization/members/:id',
    access: 'org_admin',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/organization/members/${(await joinOrganization(w.server, w.orgA.id)).userId}` }),
  },
  // Two-step verification (ADR 040). Turning the policy on needs an aal2 session (the matrix's
  // sessions are aal1), so the row sets it off; server/features/accounts/mfa-policy.test.ts turns it on.
  {
    method: 'PUT',
    route: '/api/organization/security',
    access: 'org_admin',
    crossOrg: 'own-data',
    request: () => ({ path: '/api/organization/security', body: { requireMfa: false } }),
  },
  {
    method: 'DELETE',
    route: '/api/organization/members/:id/factors',
    access: 'org_admin',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/organization/members/${(await joinOrganization(w.server, w.orgA.id)).userId}/factors` }),
  },
  // The organization's audit log (ADR 042): B's admin reads B's rows; the body must hold nothing of A.
  { method: 'GET', route: '/api/organization/audit-log', access: 'org_admin', crossOrg: 'own-data', request: () => ({ path: '/api/organization/audit-log' }) },
  // One's own sessions (ADR 042): another organization's member ending A's session is the 404 of none.
  { method: 'GET', route: '/api/account/sessions', access: 'member', crossOrg: 'own-data', request: () => ({ path: '/api/account/sessions' }) },
  { method: 'DELETE', route: '/api/account/sessions', access: 'member', crossOrg: 'own-data', request: () => ({ path: '/api/account/sessions' }) },
  {
    method: 'DELETE',
    route: '/api/account/sessions/:id',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => {
      const other = await signInUser(w.server, w.memberA.email, w.memberA.password);
      return { path: `/api/account/sessions/${String(decodeJwt(other.accessToken).session_id)}` };
    },
  },
  {
    method: 'GET',
    route: '/api/organizations/:orgId/users',
    access: 'member',
    crossOrg: 'denied',
    request: (w) => ({ path: `/api/organizations/${w.orgA.id}/users` }),
  },
];

/** Every organization-scoped route. Other features append their rows here. */
/** The caller's own organization's deadlines: no id in the request, so another org sees its own. */
const deadlineRows: RouteRow[] = [{ method: 'GET', route: '/api/deadlines', access: 'member', crossOrg: 'own-data', request: () => ({ path: '/api/deadlines' }) }];

export const ROUTE_ROWS: RouteRow[] = [...accountRows, ...organizationRows, ...evidenceRows, ...assessmentRows, ...adminRouteRows, ...syncRows, ...actionRows, ...deadlineRows, ...certificationRows, ...ssoRows];
