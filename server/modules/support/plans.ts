import { eq } from 'drizzle-orm'
import type { Currency } from '#common/money.ts'
import { priceProduct } from '#common/product-rules.ts'
import { organizations, supportPlans } from '#server/db/schema/index.ts'
import { notFound, unprocessable } from '#server/lib/errors.ts'
import { syncSupportPlanMeter } from '#server/modules/billing/index.ts'
import type { OrderKindDefinition } from '#server/modules/orders/index.ts'

/**
 * An organization's move to a higher support plan, as an order: it takes effect at once (the
 * meter bills the new plan from now, its targets apply to new tickets) and the same
 * Idempotency-Key with the same plan returns the same order.
 */
export const supportPlanOrders: OrderKindDefinition<{ planId: string; currency: Currency }> = {
  kind: 'support_plan',
  admission: 'checkout',
  // A plan is billed by the hour in arrears with the rest: it waits for no officer.
  weighedAgainstCreditLimit: false,
  fulfilledWhenPlaced: true,
  price: async ({ db, request, organization }) => {
    const plans = await db.select().from(supportPlans)
    const target = plans.find((plan) => plan.id === request.planId)
    if (!target) throw notFound('Support plan not found')
    const current = plans.find((plan) => plan.id === organization.supportPlanId)
    if (current && target.position <= current.position)
      throw unprocessable(
        `${target.name} is not above your ${current.name} plan: choose a higher plan`,
        'NOT_AN_UPGRADE',
      )
    return {
      ordered: { supportPlan: { id: target.id, name: target.name, previousId: organization.supportPlanId } },
      // No promotion applies to a plan.
      price: priceProduct(target.monthlyPriceCents, { promoCode: null, isFirstPaidOrder: false }),
      currency: request.currency,
    }
  },
  fulfil: async ({ uow: { tx }, order }) => {
    if (!order.supportPlan) throw new Error(`Order ${order.id} orders no support plan`)
    await tx
      .update(organizations)
      .set({ supportPlanId: order.supportPlan.id })
      .where(eq(organizations.id, order.organizationId))
    await syncSupportPlanMeter(tx, order.organizationId, new Date())
    return order
  },
}
