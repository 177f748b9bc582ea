import { eq } from 'drizzle-orm'
import type { Currency } from '#common/money.ts'
import { priceProduct } from '#common/product-rules.ts'
import type { Order } from '#common/schemas/orders.ts'
import type { ServerContext } from '#server/context.ts'
import { orderReferenceSequence, orders, organizations, supportPlans } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { notFound, unprocessable } from '#server/lib/errors.ts'
import { syncSupportPlanMeter } from '#server/modules/billing/index.ts'
import {
  auditOrder,
  beginOrder,
  nextReference,
  requestHash,
  toOrderResponse,
} from '#server/modules/orders/index.ts'

/**
 * An organization's move to a higher support plan, as an order: it takes effect at once (the
 * meter bills the new plan from now, its targets apply to new tickets) and the same
 * Idempotency-Key with the same plan returns the same order.
 */
export async function upgradeSupportPlan(
  ctx: ServerContext,
  caller: Caller,
  request: { planId: string; currency: Currency },
  idempotencyKey: string,
): Promise<{ order: Order; created: boolean }> {
  return inTransaction(ctx.db, async (tx) => {
    const { organization, existing } = await beginOrder(tx, caller, idempotencyKey, requestHash(request))
    if (existing) return { order: existing, created: false }
    const plans = await tx.select().from(supportPlans)
    const target = plans.find((plan) => plan.id === request.planId)
    if (!target) throw notFound('Support plan not found')
    const current = plans.find((plan) => plan.id === organization.supportPlanId)
    if (current && target.position <= current.position)
      throw unprocessable(
        `${target.name} is not above your ${current.name} plan: choose a higher plan`,
        'NOT_AN_UPGRADE',
      )
    const now = new Date()
    const [order] = await tx
      .insert(orders)
      .values({
        reference: await nextReference(tx, orderReferenceSequence, 'ORD'),
        organizationId: caller.organizationId,
        createdBy: caller.userId,
        kind: 'support_plan',
        status: 'fulfilled',
        totalCents: target.monthlyPriceCents,
        supportPlan: { id: target.id, name: target.name, previousId: organization.supportPlanId },
        // A plan is billed by the hour in arrears with the rest: no promotion applies to it.
        price: priceProduct(target.monthlyPriceCents, { promoCode: null, isFirstPaidOrder: false }),
        currency: request.currency,
        idempotencyKey,
        requestHash: requestHash(request),
      })
      .returning()
    await auditOrder(tx, caller, order!, 'order.placed')
    await tx
      .update(organizations)
      .set({ supportPlanId: target.id })
      .where(eq(organizations.id, caller.organizationId))
    await syncSupportPlanMeter(tx, caller.organizationId, now)
    return { order: toOrderResponse({ ...order!, organizationName: organization.name }), created: true }
  })
}
