import { eq } from 'drizzle-orm'
import type { ExchangeRates } from '#common/money.ts'
import type { InvoicePreview } from '#common/schemas/billing.ts'
import type { PriceBreakdown } from '#common/schemas/clusters.ts'
import type { ServerContext } from '#server/context.ts'
import { organizations } from '#server/db/schema/index.ts'
import { notFound } from '#server/lib/errors.ts'
import { currencyOf } from './currency.ts'
import { creditsInCurrencyCents, invoiceAmounts, usableCreditsUsdCents } from './invoice-amounts.ts'
import { paymentOptionsOf } from './seller.ts'
import { orderChargesIn } from './yearly-order-invoices.ts'

/**
 * What the invoice of an order will say, for the order's review before it is placed: the price
 * converted as an order's invoice converts it, summed by the invoices' own `invoiceAmounts` with
 * the credits usable now and the organization's VAT treatment, and the ways to pay the operator
 * configured. A monthly order is charged by its metered hours, a month at most this amount.
 */
export async function previewOrderInvoice(
  ctx: Pick<ServerContext, 'db' | 'config'>,
  organizationId: string,
  price: Pick<PriceBreakdown, 'subtotalCents' | 'discountCents'>,
  rates: ExchangeRates,
  at = new Date(),
): Promise<InvoicePreview> {
  const [organization] = await ctx.db
    .select({
      billingCurrency: organizations.billingCurrency,
      countryCode: organizations.countryCode,
      vatNumber: organizations.vatNumber,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  if (!organization) throw notFound('Organization not found')
  const currency = currencyOf(organization.billingCurrency)
  const rate = rates[currency]
  const charges = orderChargesIn(price, rate)
  const creditsUsdCents = await usableCreditsUsdCents(ctx.db, organizationId, at)
  const amounts = invoiceAmounts({ ...charges, creditsUsdCents, rate, customer: organization })
  const payment = paymentOptionsOf(ctx.config)
  return {
    currency,
    exchangeRate: rate,
    amountCents: amounts.payableCents,
    creditsBalanceCents: creditsInCurrencyCents(creditsUsdCents, rate),
    creditsAppliedCents: amounts.creditsAppliedCents,
    taxableCents: amounts.taxableCents,
    vatTreatment: amounts.vat.treatment,
    vatRatePercent: amounts.vat.basisPoints / 100,
    vatCents: amounts.vatAmount,
    totalCents: amounts.totalCents,
    payment: {
      card: payment.card,
      bankTransfer: payment.bankTransfer ?? null,
      billingEmail: payment.billingEmail,
    },
  }
}
