import { useMemo } from 'react'
import { type Currency, formatPrice } from '#common/money.ts'
import { formatAmount, formatCents, formatMillicents, millicentsAsUnits } from '#common/pricing.ts'
import { useCurrency, useLanguage } from './preferences/preferences-provider.tsx'

/**
 * The app's one way to show an amount: USD integer cents (or an hourly price in milli-cents)
 * converted at today's rates into the visitor's currency and shown with 2 decimals and $, € or £,
 * written the way the interface's language writes amounts ("€1,973.92", "1 973,92 €").
 * Components pass the stored integers; they never divide or format by hand.
 */
export function useMoney() {
  const { currency, rates } = useCurrency()
  const { language } = useLanguage()
  return useMemo(
    () => ({
      currency,
      rates,
      /** "€41.95" (in French "41,95 €") for 4_964 USD cents. */
      cents: (usdCents: number) => unbreakable(formatCents(usdCents, currency, rates, language)),
      /** An hourly price held in milli-cents. */
      millicents: (usdMillicents: number) =>
        unbreakable(formatMillicents(usdMillicents, currency, rates, language)),
      /** Cents already in a currency, such as an invoice's: shown as they are, never converted. */
      amount: (cents: number, inCurrency: Currency) => unbreakable(formatAmount(cents, inCurrency, language)),
      /** USD milli-cents as a number of the visitor's currency units, for charts. */
      units: (usdMillicents: number) => millicentsAsUnits(usdMillicents, currency, rates),
      /** A number of currency units (a chart's value), of the visitor's currency unless named. */
      formatUnits: (units: number, inCurrency: Currency = currency) =>
        unbreakable(formatPrice(units, inCurrency, language)),
    }),
    [currency, rates, language],
  )
}

/**
 * An amount as the screen shows it: a line may break after a hyphen-minus, so on a narrow phone
 * "-$12.50" could leave its sign at the end of one line and the digits on the next. The sign
 * becomes a non-breaking hyphen (same look). Only the screen: invoices (PDF) and mails keep the
 * plain sign the shared formatter writes, which their fonts can encode.
 */
export function unbreakable(formatted: string): string {
  return formatted.startsWith('-') ? `\u2011${formatted.slice(1)}` : formatted
}

export type Money = ReturnType<typeof useMoney>
