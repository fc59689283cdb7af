// The payment gate of the detailed report (docs/decisions/012-results-line-and-public-content.md):
// the corrective action plan with its owners, status and notes is part of it, on one assessment's
// report and on the organization-wide action plan alike.
import { eq } from 'drizzle-orm';
import { organizations } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';

export const PAYMENT_REQUIRED_MESSAGE =
  'The detailed report with the corrective action plan is released once your subscription payment has been verified.';

/** Whether the organization is paid up to now or later: the plan (owners, target dates, notes) is released. */
export async function isReportReleased(ctx: Pick<ServiceContext, 'db'>, organizationId: string, now: Date): Promise<boolean> {
  const { db } = ctx;
  const [org] = await db.select({ paidUntil: organizations.paidUntil }).from(organizations).where(eq(organizations.id, organizationId));
  return isPaidAt(org?.paidUntil ?? null, now);
}

/** isReportReleased for an organization row already read (organizations.paid_until). */
export function isPaidAt(paidUntil: Date | null, now: Date): boolean {
  return !!paidUntil && paidUntil.getTime() >= now.getTime();
}

/** Throws 403 payment_required unless the organization is paid up to now or later (isReportReleased). */
export async function assertReportReleased(ctx: Pick<ServiceContext, 'db'>, organizationId: string, now: Date, checkoutUrl: string): Promise<void> {
  if (!(await isReportReleased(ctx, organizationId, now))) {
    throw new AppError(403, 'payment_required', PAYMENT_REQUIRED_MESSAGE, { checkoutUrl });
  }
}

/**
 * The corrective action's own columns that belong to the detailed report: the target dates the
 * product sets at submission (ADR 012). GET /api/actions refuses an unpaid organization, GET
 * /api/deadlines lists no action deadline for it, and its data export leaves these columns out.
 */
export const PAID_ACTION_COLUMNS = ['targetDate'] as const;

/** A corrective action row as an organization may have it: without PAID_ACTION_COLUMNS unless released. */
export function gateActionRow<T extends Record<string, unknown>>(row: T, released: boolean): Partial<T> {
  if (released) return row;
  const copy: Partial<T> = { ...row };
  for (const column of PAID_ACTION_COLUMNS) delete copy[column];
  return copy;
}
