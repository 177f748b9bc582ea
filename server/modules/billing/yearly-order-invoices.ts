import { eq } from 'drizzle-orm'
import type { ExchangeRates } from '#common/money.ts'
import { YEARLY_BILLED_MONTHS } from '#common/pricing.ts'
import type { PriceBreakdown } from '#common/schemas/clusters.ts'
import type { Database } from '#server/db/client.ts'
import { clusters, type InvoiceRow, orders, organizations } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { DAY_MS } from './calendar.ts'
import { currencyOf } from './currency.ts'
import { type DraftLine, finaliseInvoice } from './invoice-issuing.ts'
import { lineDescription } from './line-descriptions.ts'

/**
 * An order's price (USD cents) as its invoice charges it in the billing currency: the subtotal and
 * the promotion each converted at the invoice's rate and rounded to the cent.
 */
export function orderChargesIn(
  price: Pick<PriceBreakdown, 'subtotalCents' | 'discountCents'>,
  rate: number,
): { subtotalCents: number; discountCents: number } {
  return {
    subtotalCents: Math.round(price.subtotalCents * rate),
    discountCents: Math.round(price.discountCents * rate),
  }
}

/**
 * A yearly cluster is invoiced for its year when it is ordered: ten monthly prices (the pricing
 * rules' yearly cycle) less the promotion, in the organization's currency at that day's rate. Its
 * hours are metered for the charts but not chargeable, so the year is never charged twice.
 * Answers null for an order that is not yearly or already has its invoice.
 */
export async function issueOrderInvoice(
  db: Database,
  input: { orderId: string; rates: ExchangeRates; at: Date },
): Promise<InvoiceRow | null> {
  return inTransaction(db, async ({ tx }) => {
    const [row] = await tx
      .select({ order: orders, clusterName: clusters.name, currency: organizations.billingCurrency })
      .from(orders)
      .innerJoin(organizations, eq(organizations.id, orders.organizationId))
      .leftJoin(clusters, eq(clusters.id, orders.clusterId))
      .where(eq(orders.id, input.orderId))
    const price = row?.order.price
    if (!row || !price || price.billingCycle !== 'yearly') return null
    const { order } = row
    const charges = orderChargesIn(price, input.rates[currencyOf(row.currency)])
    const name = row.clusterName ?? order.configuration?.name ?? order.reference
    const lines: DraftLine[] = [
      {
        kind: 'yearly_commitment',
        clusterId: order.clusterId,
        clusterName: name,
        description: lineDescription.yearlyCommitment(YEARLY_BILLED_MONTHS, order.reference),
        quantity: 1,
        unitPriceMillicents: null,
        amountCents: charges.subtotalCents,
      },
    ]
    if (price.discountCents > 0)
      lines.push({
        kind: 'discount',
        clusterId: order.clusterId,
        clusterName: name,
        description: lineDescription.promotion(price.promoCode ?? null),
        quantity: 1,
        unitPriceMillicents: null,
        amountCents: -charges.discountCents,
      })
    return finaliseInvoice(tx, {
      organizationId: order.organizationId,
      source: `order:${order.id}`,
      periodStart: input.at,
      periodEnd: new Date(input.at.getTime() + 364 * DAY_MS),
      lines,
      rates: input.rates,
      at: input.at,
    })
  })
}
