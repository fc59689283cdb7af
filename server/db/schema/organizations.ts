import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INVITABLE_ROLES, JOIN_REQUEST_STATUSES, ORGANIZATION_STATUSES, PROFILE_STATUSES } from '../../../domain/contracts/enums.ts';
import type { ApplicabilityProfile } from '../../../domain/questions/applicability.ts';
import { ROLES } from '../../../domain/roles.ts';
import { id, timestamps } from './columns.ts';

export const organizations = pgTable('organizations', {
  id: id(),
  name: text().notNull(),
  contactName: text(),
  contactEmail: text(),
  contactPhone: text(),
  status: text({ enum: ORGANIZATION_STATUSES }).notNull().default('active'),
  suspendedReason: text(),
  joinByLinkEnabled: boolean().notNull().default(true),
  /**
   * Every member must sign in with a second factor (aal2) to use the API; set by an org_admin
   * (PUT /api/organization/security), enforced by requireProfile (ADR 040).
   */
  requireMfa: boolean().notNull().default(false),
  /** Session policy (ADR 042): a session unused this long ends; null: no idle limit. */
  sessionIdleMinutes: integer(),
  /** A session this old ends whatever its use (the user signs in again); null: no limit. */
  sessionMaxHours: integer(),
  /** A first single sign-on makes a team member ('member') or a join request ('join_request'), ADR 043. */
  ssoProvisioning: text({ enum: ['member', 'join_request'] })
    .notNull()
    .default('join_request'),
  /** Members sign in only through single sign-on; org_admins with a verified factor keep their password (break glass, ADR 043). */
  ssoOnly: boolean().notNull().default(false),
  /**
   * The secret of the join link (/signup?org=<id>&key=<joinKey>): random and opaque, shown to the
   * org_admins only; rotating replaces it so every older link stops working (ADR 003).
   */
  joinKey: text()
    .notNull()
    .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
  /** Lower-cased domains whose verified addresses join by link at once (else a join request). */
  allowedEmailDomains: jsonb().$type<string[]>().notNull().default([]),
  /**
   * Which duties the organization has (domain/questions/applicability.ts); null until an
   * org_admin sets it, which is required before an assessment starts (ADR 018).
   */
  applicability: jsonb().$type<ApplicabilityProfile>(),
  applicabilityUpdatedAt: timestamp({ withTimezone: true }),
  applicabilityUpdatedBy: uuid(),
  /** A member an org_admin designated to sign self-certifications besides the org_admins (ADR 019). */
  certifyingOfficialId: uuid(),
  /** Payment verification releases the detailed report. */
  paidUntil: timestamp({ withTimezone: true }),
  paymentVerifiedBy: uuid(),
  paymentVerifiedAt: timestamp({ withTimezone: true }),
  ...timestamps,
}, (t) => [
  // The admin list's keyset order and its prefix search (server/lib/keyset.ts).
  index('organizations_name_id_idx').on(t.name, t.id),
  index('organizations_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  index('organizations_contact_email_prefix_idx').using('btree', sql`lower(${t.contactEmail}) text_pattern_ops`),
  // GET /api/admin/overview: organizations without an active subscription (awaiting payment).
  index('organizations_paid_until_idx').on(t.paidUntil),
]);

export const profiles = pgTable(
  'profiles',
  {
    /** Same id as the auth user (token subject). One profile per user. */
    id: uuid().primaryKey(),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    role: text({ enum: ROLES }).notNull().default('team_member'),
    /** Removed and disabled users are refused by the API. */
    status: text({ enum: PROFILE_STATUSES }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    index('profiles_org_idx').on(t.organizationId),
    index('profiles_email_idx').on(t.email),
    // The admin users list's keyset order and its prefix search (server/lib/keyset.ts).
    index('profiles_name_order_idx').on(t.lastName, t.firstName, t.email, t.id),
    index('profiles_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    index('profiles_last_name_prefix_idx').using('btree', sql`lower(${t.lastName}) text_pattern_ops`),
    index('profiles_first_name_prefix_idx').using('btree', sql`lower(${t.firstName}) text_pattern_ops`),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text({ enum: INVITABLE_ROLES }).notNull().default('team_member'),
    /** SHA-256 of the token; the token itself is only ever in the e-mail. */
    tokenHash: text().notNull().unique(),
    invitedBy: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('invitations_org_idx').on(t.organizationId), index('invitations_email_idx').on(t.email), index('invitations_invited_by_idx').on(t.invitedBy)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid(),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'set null' }),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    before: text(),
    after: text(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    // The keyset order of GET /api/admin/audit-log (newest first, id breaks ties) and its prefix search.
    index('audit_log_created_id_idx').on(t.createdAt, t.id),
    index('audit_log_org_idx').on(t.organizationId),
    // The keyset order of GET /api/organization/audit-log: one organization's rows, newest first (ADR 042).
    index('audit_log_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_action_prefix_idx').using('btree', sql`lower(${t.action}) text_pattern_ops`),
    index('audit_log_target_prefix_idx').using('btree', sql`lower(${t.targetId}) text_pattern_ops`),
  ],
);

/**
 * A join by link waiting for an org_admin (ADR 003): who asked (auth user id, verified e-mail,
 * name), and the decision. At most one pending request per user.
 */
export const joinRequests = pgTable(
  'join_requests',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The auth user (no profile exists yet). */
    userId: uuid().notNull(),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    status: text({ enum: JOIN_REQUEST_STATUSES }).notNull().default('pending'),
    decidedBy: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('join_requests_org_idx').on(t.organizationId, t.status),
    uniqueIndex('join_requests_one_pending_idx').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('join_requests_decided_by_idx').on(t.decidedBy),
  ],
);

/**
 * One-time download links (server/features/data-export/export.download.ts): the SHA-256 of a random
 * token, bound to the user and organization that asked, used at most once (`used_at`) before
 * `expires_at`. In the database so any instance can serve the link; expired rows are swept by the
 * housekeeping job.
 */
export const downloadTokens = pgTable(
  'download_tokens',
  {
    id: id(),
    tokenHash: text().notNull().unique(),
    /** What the link downloads. */
    kind: text({ enum: ['organization_export'] }).notNull(),
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('download_tokens_expires_idx').on(t.expiresAt), index('download_tokens_user_idx').on(t.userId), index('download_tokens_organization_idx').on(t.organizationId)],
);
