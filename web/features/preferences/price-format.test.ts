import { describe, expect, it } from 'vitest'
import { INITIAL_PROVIDER_RATES } from '#common/money.ts'
import { formatPriceIn } from './price-format.ts'

describe('prices in the chosen currency', () => {
  it('converts from dollars and shows 2 decimals with the symbol', () => {
    expect(formatPriceIn(100, 'USD', INITIAL_PROVIDER_RATES)).toBe('$100.00')
    expect(formatPriceIn(100, 'EUR', INITIAL_PROVIDER_RATES)).toBe('€85.00')
    expect(formatPriceIn(100, 'GBP', INITIAL_PROVIDER_RATES)).toBe('£73.50')
    expect(formatPriceIn(1234.5, 'EUR', { USD: 1, EUR: 1, GBP: 1 })).toBe('€1,234.50')
  })
})
