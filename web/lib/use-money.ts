import { useMemo } from 'react'
import { formatCents, formatMillicents } from '#common/pricing.ts'
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
    }),
    [currency, rates],
  )
}

export type Money = ReturnType<typeof useMoney>
