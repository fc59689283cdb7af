// What the caller may do. requireProfile (server/features/accounts/require-profile.ts) loads the
// caller into c.var.caller; these checks run after it:
//   .put('/x', requireUser, requireProfile, requireWritable, requireRole('org_admin'), handler)
import { MSG } from '#domain/messages.ts';
import { ROLE_LABEL, type Role } from '#domain/roles.ts';
import { accessEnded, AppError, forbidden, unauthorized } from './app-error.ts';
import type { organizations, profiles } from '../db/schema/index.ts';
import { factory, type Caller } from './factory.ts';

export const NO_PROFILE_MESSAGE =
  'Your account is not part of an organization yet. Finish sign-up or accept an invitation first.';
export const REMOVED_MESSAGE = MSG.accessRemoved;
export const DISABLED_MESSAGE = MSG.accountDisabled;

/**
 * Why a removed profile is refused. A profile removed with no organization belonged to an
 * organization a system admin deleted (server/features/admin/admin-organization-delete.service.ts);
 * the row is kept so the account is refused instead of provisioned again from its sign-up metadata.
 */
export function removedMessage(profile: Pick<Caller, 'organizationId'>): string {
  return profile.organizationId === null ? MSG.organizationDeleted : REMOVED_MESSAGE;
}

/**
 * The refusal of a removed or disabled profile: 403 with its own code (access_removed,
 * organization_deleted, account_disabled), which the SPA reads to sign the user out and say why
 * (src/lib/http.ts authFailureOf); the message is for people, never matched.
 */
export function accessEndedError(profile: Pick<Caller, 'organizationId' | 'status'>): AppError {
  if (profile.status === 'removed') return accessEnded(profile.organizationId === null ? 'organization_deleted' : 'access_removed', removedMessage(profile));
  return accessEnded('account_disabled', DISABLED_MESSAGE);
}

/** A profile row and its organization row (null: none) as the Caller. */
export function toCaller(p: typeof profiles.$inferSelect, o: typeof organizations.$inferSelect | null): Caller {
  return {
    id: p.id,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    role: p.role,
    status: p.status,
    organizationId: p.organizationId,
    organization: o
      ? {
          id: o.id,
          name: o.name,
          status: o.status,
          suspendedReason: o.suspendedReason,
          joinByLinkEnabled: o.joinByLinkEnabled,
          requireMfa: o.requireMfa,
          sessionIdleMinutes: o.sessionIdleMinutes,
          sessionMaxHours: o.sessionMaxHours,
          paidUntil: o.paidUntil,
        }
      : null,
  };
}

/** Throws unless the profile may use the API (removed and disabled users are refused). */
export function assertActive(profile: Caller): void {
  if (profile.status !== 'active') throw accessEndedError(profile);
}

/** Refuses the request unless the caller has one of the roles. */
export const requireRole = (...roles: Role[]) =>
  factory.createMiddleware(async (c, next) => {
    const profile = c.get('caller');
    if (!profile) throw unauthorized();
    if (!roles.includes(profile.role)) {
      const names = roles.map((r) => `${ROLE_LABEL[r]}s`).join(' or ');
      throw forbidden(`Only ${names} can do that`);
    }
    await next();
  });

export const suspendedError = (reason: string | null) =>
  new AppError(
    403,
    'organization_suspended',
    `Your organization is suspended${reason ? `: ${reason}` : ''}. You can view your data but not change it.`,
    { reason },
  );

/** A suspended organization may read but not change data. */
export function assertWritable(org: { status: string; suspendedReason: string | null } | null): void {
  if (org && org.status === 'suspended') throw suspendedError(org.suspendedReason);
}

/** Middleware form of assertWritable for the caller's own organization. */
export const requireWritable = factory.createMiddleware(async (c, next) => {
  const profile = c.get('caller');
  if (!profile) throw unauthorized();
  assertWritable(profile.organization);
  await next();
});
