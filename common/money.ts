import type { Language } from './language.ts'
import { numberFormat } from './number-formats.ts'

/** Currencies the product prices in; USD is the base every amount is stored in (cents). */
export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const
export type Currency = (typeof CURRENCIES)[number]

export const CURRENCY_SYMBOLS: Record<Currency, string> = { USD: '$', EUR: '€', GBP: '£' }

export type ExchangeRates = Record<Currency, number>

/** Where the server took its rates from: a rate service, its last good rates, or the fallback. */
export const RATE_SOURCES = ['primary', 'backup', 'cache', 'fallback'] as const
export type RateSource = (typeof RATE_SOURCES)[number]

/** The rates the server gives (source "fallback") when neither rate service nor any cache has answered. */
export const FALLBACK_RATES: ExchangeRates = { USD: 1, EUR: 0.845, GBP: 0.733 }
/** What the currency provider starts with before the first answer. */
export const INITIAL_PROVIDER_RATES: ExchangeRates = { USD: 1, EUR: 0.85, GBP: 0.735 }

export function convertFromUsd(amountUsd: number, currency: Currency, rates: ExchangeRates): number {
  return amountUsd * rates[currency]
}

/**
 * Prices show two decimals with their symbol: $1,234.50, €12.00, £0.99 in English; in French the
 * French way, the symbol after: 1 234,50 €. Hourly prices show four decimals: €0.0104.
 */
export function formatPrice(
  amount: number,
  currency: Currency,
  language: Language = 'en',
  decimals = 2,
): string {
  if (language === 'fr')
    return numberFormat('fr-FR', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(amount)
  const sign = amount < 0 ? '-' : ''
  const digits = numberFormat('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Math.abs(amount))
  return `${sign}${CURRENCY_SYMBOLS[currency]}${digits}`
}

/** Rates show four decimals. */
export function formatRate(rate: number): string {
  return rate.toFixed(4)
}
