import { useMemo } from 'react'
import { type Currency, formatPrice } from '#common/money.ts'
import { formatAmount, formatCents, formatMillicents, millicentsAsUnits } from '#common/pricing.ts'
import { useCurrency } from './preferences/preferences-provider.tsx'

/**
 * The app's one way to show an amount: USD integer cents (or an hourly price in milli-cents)
 * converted at today's rates into the visitor's currency and shown with 2 decimals and $, € or £.
 * Components pass the stored integers; they never divide or format by hand.
 */
export function useMoney() {
  const { currency, rates } = useCurrency()
  return useMemo(
    () => ({
      currency,
      rates,
      /** "€41.95" for 4_964 USD cents. */
      cents: (usdCents: number) => formatCents(usdCents, currency, rates),
      /** An hourly price held in milli-cents. */
      millicents: (usdMillicents: number) => formatMillicents(usdMillicents, currency, rates),
      /** Cents already in a currency, such as an invoice's: shown as they are, never converted. */
      amount: (cents: number, inCurrency: Currency) => formatAmount(cents, inCurrency),
      /** USD milli-cents as a number of the visitor's currency units, for charts. */
      units: (usdMillicents: number) => millicentsAsUnits(usdMillicents, currency, rates),
      /** A number of the visitor's currency units (a chart's value) as an amount. */
      formatUnits: (units: number) => formatPrice(units, currency),
    }),
    [currency, rates],
  )
}

export type Money = ReturnType<typeof useMoney>
