import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Request budgets and throttles shared by every server instance (ADR 021): one row per budget and
 * key (`<budget>:<user id or client address>`), the points spent in the current window and when the
 * window ends (epoch milliseconds, as rate-limiter-flexible counts). Expired rows are swept by the
 * housekeeping job. Not used when REDIS_URL is set.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    points: integer().notNull(),
    /** End of the window in epoch milliseconds; null = no expiry (blocks set for good). */
    expire: bigint({ mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/**
 * Row counts per status of organizations, profiles and assessments, for GET /api/admin/overview:
 * kept by statement-level triggers (migrations/0006_admin_scale.sql), so the overview reads a
 * handful of rows instead of counting whole tables (docs/decisions/026-platform-scale-admin-lists-and-indexes.md).
 * `subject` is the table name.
 */
export const adminCounts = pgTable(
  'admin_counts',
  {
    subject: text().notNull(),
    status: text().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.status] })],
);
