import { describe, expect, it } from 'vitest'
import { priceText } from './price-text.ts'

const RATES = { USD: 1, EUR: 0.9, GBP: 0.8 }

describe('priceText', () => {
  it('shows a monthly amount for the month and ten months for a year', () => {
    expect(priceText('cycle', 7_900, 'USD', 'monthly', RATES)).toBe('$79.00')
    expect(priceText('cycle', 7_900, 'USD', 'yearly', RATES)).toBe('$790.00')
    expect(priceText('cycle', 7_900, 'EUR', 'yearly', RATES)).toBe('€711.00')
    expect(priceText('cycle', 7_900, 'GBP', 'monthly', RATES)).toBe('£63.20')
  })

  it('shows an hourly price from milli-cents, converted, at the four decimals it is charged at', () => {
    // 13,700 milli-cents = $0.137 an hour.
    expect(priceText('hourly', 13_700, 'USD', 'monthly', RATES)).toBe('$0.1370')
    expect(priceText('hourly', 3_190_000, 'EUR', 'yearly', RATES)).toBe('€28.7100')
    // 10,400 milli-cents at 0.9 is 9,360: €0.0936, not rounded to the cent.
    expect(priceText('hourly', 10_400, 'EUR', 'monthly', RATES)).toBe('€0.0936')
  })

  it('writes amounts the French way on a French page: the symbol after, a comma, spaced thousands', () => {
    // Intl's French format: no-break spaces (narrow or not, by ICU version) group thousands and
    // precede the symbol.
    const space = '[\\u00a0\\u202f]'
    expect(priceText('cycle', 7_900, 'EUR', 'yearly', RATES, 'fr')).toMatch(new RegExp(`^711,00${space}€$`))
    expect(priceText('cycle', 219_324, 'EUR', 'monthly', RATES, 'fr')).toMatch(
      new RegExp(`^1${space}973,92${space}€$`),
    )
    expect(priceText('cycle', 7_900, 'USD', 'monthly', RATES, 'fr')).toMatch(new RegExp(`^79,00${space}\\$$`))
    expect(priceText('hourly', 10_400, 'EUR', 'monthly', RATES, 'fr')).toMatch(
      new RegExp(`^0,0936${space}€$`),
    )
  })
})
