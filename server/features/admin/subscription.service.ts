// Manual payment verification by a system admin: records paid_until, which releases detailed reports.
import { eq } from 'drizzle-orm';
import type { SubscriptionView } from '#domain/contracts/admin.ts';
import { auditLog, organizations } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';


export async function recordSubscription(
  ctx: Pick<ServiceContext, 'db'>,
  input: { organizationId: string; paidUntil: Date; verifiedBy: string; now: Date },
): Promise<SubscriptionView> {
  const { db } = ctx;
  if (Number.isNaN(input.paidUntil.getTime()) || input.paidUntil.getTime() <= input.now.getTime()) {
    throw badRequest('paidUntil must be a date in the future');
  }
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ paidUntil: organizations.paidUntil }).from(organizations).where(eq(organizations.id, input.organizationId));
    if (!before) throw notFound('Organization not found');
    await tx
      .update(organizations)
      .set({ paidUntil: input.paidUntil, paymentVerifiedBy: input.verifiedBy, paymentVerifiedAt: input.now })
      .where(eq(organizations.id, input.organizationId));
    await tx.insert(auditLog).values({
      actorId: input.verifiedBy,
      organizationId: input.organizationId,
      action: 'subscription.verified',
      targetType: 'organization',
      targetId: input.organizationId,
      before: before.paidUntil ? before.paidUntil.toISOString() : null,
      after: input.paidUntil.toISOString(),
    });
    return {
      organization_id: input.organizationId,
      paid_until: input.paidUntil.toISOString(),
      payment_verified_by: input.verifiedBy,
      payment_verified_at: input.now.toISOString(),
    };
  });
}
