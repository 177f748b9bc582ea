import { type VatRule, vatCents, vatRuleFor } from '#common/vat.ts'
import type { Queryable } from '#server/db/client.ts'
import { usableLots } from './credit-ledger.ts'

/** What is left of the organization's usable credits, in USD cents: what an invoice may draw. */
export async function usableCreditsUsdCents(
  tx: Queryable,
  organizationId: string,
  at: Date,
): Promise<number> {
  return (await usableLots(tx, organizationId, at)).reduce((total, lot) => total + lot.remainingCents, 0)
}

export type InvoiceAmounts = {
  /** The subtotal less the discount, never below zero. */
  payableCents: number
  /** What the credits cover, in cents of the invoice's currency: never more than is payable. */
  creditsAppliedCents: number
  taxableCents: number
  vat: VatRule
  vatAmount: number
  totalCents: number
}

/**
 * An invoice's amounts from its charges, in cents of its currency: the discount off the subtotal,
 * then the credits (USD, at the invoice's rate), then VAT by the customer's country and VAT
 * number on what is left. Every invoice is summed here, and an order's review asks it too.
 */
export function invoiceAmounts(input: {
  subtotalCents: number
  discountCents: number
  creditsUsdCents: number
  rate: number
  customer: { countryCode: string; vatNumber: string | null }
}): InvoiceAmounts {
  const payable = Math.max(0, input.subtotalCents - input.discountCents)
  const creditsAppliedCents = Math.min(payable, creditsInCurrencyCents(input.creditsUsdCents, input.rate))
  const taxableCents = payable - creditsAppliedCents
  const vat = vatRuleFor({ countryCode: input.customer.countryCode, vatNumber: input.customer.vatNumber })
  const vatAmount = vatCents(taxableCents, vat.basisPoints)
  return {
    payableCents: payable,
    creditsAppliedCents,
    taxableCents,
    vat,
    vatAmount,
    totalCents: taxableCents + vatAmount,
  }
}

/** A credits balance (USD cents) as an invoice counts it in its currency: rounded down. */
export function creditsInCurrencyCents(usdCents: number, rate: number): number {
  return Math.floor(usdCents * rate)
}
