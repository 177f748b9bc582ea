import { describe, expect, it } from 'vitest'
import { FALLBACK_RATES, formatPrice } from '#common/money.ts'
import { convertBetween, crossRate, parseAmount, SAMPLE_AMOUNTS } from './currency-conversion.ts'

const rates = { USD: 1, EUR: 0.8, GBP: 0.5 }

describe('converting between currencies', () => {
  it('converts from US dollars with the rate of the target currency', () => {
    expect(convertBetween(250, 'USD', 'EUR', rates)).toBe(200)
    expect(convertBetween(250, 'USD', 'GBP', rates)).toBe(125)
  })

  it('converts into US dollars by dividing by the rate of the source currency', () => {
    expect(convertBetween(200, 'EUR', 'USD', rates)).toBe(250)
    expect(convertBetween(1, 'GBP', 'USD', rates)).toBe(2)
  })

  it('converts between two other currencies through US dollars', () => {
    expect(convertBetween(100, 'EUR', 'GBP', rates)).toBeCloseTo(62.5, 10)
    expect(crossRate('GBP', 'EUR', rates)).toBeCloseTo(1.6, 10)
    expect(convertBetween(42.5, 'EUR', 'EUR', rates)).toBe(42.5)
  })

  it('gives the prices the site shows with the fallback rates', () => {
    expect(formatPrice(convertBetween(1_000, 'USD', 'EUR', FALLBACK_RATES), 'EUR')).toBe('€845.00')
    expect(formatPrice(convertBetween(1_000, 'USD', 'GBP', FALLBACK_RATES), 'GBP')).toBe('£733.00')
    expect(formatPrice(convertBetween(845, 'EUR', 'USD', FALLBACK_RATES), 'USD')).toBe('$1,000.00')
  })

  it('samples a few amounts from one to ten thousand', () => {
    expect(SAMPLE_AMOUNTS).toEqual([1, 10, 100, 1_000, 10_000])
  })
})

describe('reading a typed amount', () => {
  it('reads English numbers with commas grouping thousands', () => {
    expect(parseAmount('250', 'en')).toBe(250)
    expect(parseAmount(' 1,234.50 ', 'en')).toBe(1234.5)
    expect(parseAmount('1234.5', 'en')).toBe(1234.5)
    expect(parseAmount('.5', 'en')).toBe(0.5)
    expect(parseAmount('0', 'en')).toBe(0)
    expect(parseAmount('12,5', 'en')).toBeUndefined()
  })

  it('reads French numbers with spaces grouping thousands and a decimal comma', () => {
    expect(parseAmount('1 234,50', 'fr')).toBe(1234.5)
    expect(parseAmount('1\u202f234,5', 'fr')).toBe(1234.5)
    expect(parseAmount('12,5', 'fr')).toBe(12.5)
    expect(parseAmount('12.5', 'fr')).toBe(12.5)
    expect(parseAmount('1,2,3', 'fr')).toBeUndefined()
  })

  it('refuses empty, negative and non-numeric input', () => {
    for (const text of ['', '   ', '-5', 'abc', '1e3', '5$', 'Infinity', '1.2.3'])
      expect(parseAmount(text, 'en'), text).toBeUndefined()
  })
})
