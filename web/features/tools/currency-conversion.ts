import { type Currency, convertFromUsd, type ExchangeRates } from '#common/money.ts'

/** The amounts of the sample table, in the converter's "from" currency. */
export const SAMPLE_AMOUNTS = [1, 10, 100, 1_000, 10_000] as const

/**
 * An amount in one currency, in another: through US dollars, the base every rate is relative to
 * (an amount in EUR is amount / rate(EUR) dollars).
 */
export function convertBetween(amount: number, from: Currency, to: Currency, rates: ExchangeRates): number {
  if (from === to) return amount
  return convertFromUsd(amount / rates[from], to, rates)
}

/** How many units of `to` one unit of `from` buys. */
export function crossRate(from: Currency, to: Currency, rates: ExchangeRates): number {
  return convertBetween(1, from, to, rates)
}

/**
 * A typed amount, read the way the interface language writes numbers: in English "1,234.50"
 * (commas group thousands), in French "1 234,50" (spaces group thousands, a comma or a dot marks
 * the decimals). Undefined for anything else, including negative amounts.
 */
export function parseAmount(text: string, language: string): number | undefined {
  // Spaces of any kind (French groups thousands with narrow no-break spaces).
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, '')
  if (!compact) return undefined
  let normalized: string
  if (language.startsWith('fr')) {
    normalized = compact.replace(',', '.')
  } else {
    if (compact.includes(',') && !/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(compact)) return undefined
    normalized = compact.replaceAll(',', '')
  }
  if (!/^(\d+\.?\d*|\.\d+)$/.test(normalized)) return undefined
  const amount = Number(normalized)
  return Number.isFinite(amount) ? amount : undefined
}
