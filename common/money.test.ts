import { describe, expect, it } from 'vitest'
import { convertFromUsd, FALLBACK_RATES, formatPrice, formatRate, INITIAL_PROVIDER_RATES } from './money.ts'

describe('money', () => {
  it('formats prices with two decimals and the currency symbol', () => {
    expect(formatPrice(1234.5, 'USD')).toBe('$1,234.50')
    expect(formatPrice(12, 'EUR')).toBe('€12.00')
    expect(formatPrice(0.994, 'GBP')).toBe('£0.99')
    expect(formatPrice(-5, 'EUR')).toBe('-€5.00')
  })

  it('formats prices the French way in French: narrow no-break spaces between thousands, the symbol after', () => {
    expect(formatPrice(1973.92, 'EUR', 'fr')).toBe('1\u202f973,92\u00a0€')
    expect(formatPrice(12, 'USD', 'fr')).toBe('12,00\u00a0$')
    expect(formatPrice(-5, 'EUR', 'fr')).toBe('-5,00\u00a0€')
  })

  it('formats rates with four decimals', () => {
    expect(formatRate(0.845)).toBe('0.8450')
    expect(formatRate(1)).toBe('1.0000')
  })

  it('converts from the USD base', () => {
    expect(convertFromUsd(100, 'EUR', FALLBACK_RATES)).toBeCloseTo(84.5)
    expect(convertFromUsd(100, 'USD', FALLBACK_RATES)).toBe(100)
  })

  it('keeps the fallback rates', () => {
    expect(FALLBACK_RATES).toEqual({ USD: 1, EUR: 0.845, GBP: 0.733 })
    expect(INITIAL_PROVIDER_RATES).toEqual({ USD: 1, EUR: 0.85, GBP: 0.735 })
  })
})
