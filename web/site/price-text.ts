import type { Language } from '#common/language.ts'
import type { Currency, ExchangeRates } from '#common/money.ts'
import { type BillingCycle, cyclePriceCents, formatCents, formatMillicents } from '#common/pricing.ts'

/** What a price on the site is: a monthly USD-cent amount shown per cycle, or USD milli-cents an hour. */
export type PriceKind = 'cycle' | 'hourly'

/**
 * The text of a price in a currency and billing cycle at the given rates (common/pricing rules),
 * written the way the page's language writes amounts.
 */
export function priceText(
  kind: PriceKind,
  amount: number,
  currency: Currency,
  cycle: BillingCycle,
  rates: ExchangeRates,
  language: Language = 'en',
): string {
  if (kind === 'hourly') return formatMillicents(amount, currency, rates, language)
  return formatCents(cyclePriceCents(amount, cycle), currency, rates, language)
}
