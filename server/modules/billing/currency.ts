import type { Currency } from '#common/money.ts'
import { CURRENCIES } from '#common/money.ts'

/** A stored currency code as a billing currency; an unknown code reads as EUR. */
export function currencyOf(code: string): Currency {
  return (CURRENCIES as readonly string[]).includes(code) ? (code as Currency) : 'EUR'
}
