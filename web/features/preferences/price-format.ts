import { type Currency, convertFromUsd, type ExchangeRates, formatPrice } from '#common/money.ts'

/** A US-dollar amount in the chosen currency: converted, 2 decimals, with $, € or £ (spec §9). */
export function formatPriceIn(amountUsd: number, currency: Currency, rates: ExchangeRates): string {
  return formatPrice(convertFromUsd(amountUsd, currency, rates), currency)
}
