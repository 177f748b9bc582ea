import { describe, expect, it } from 'vitest'
import { formatAmount } from '#common/pricing.ts'
import { unbreakable } from './use-money.ts'

describe('unbreakable', () => {
  it('keeps a negative amount’s sign on its digits: the hyphen-minus becomes a non-breaking hyphen', () => {
    expect(unbreakable(formatAmount(-1_250, 'USD'))).toBe('\u2011$12.50')
    expect(unbreakable(formatAmount(-1_250, 'EUR', 'fr'))).toBe('\u201112,50\u00a0€')
  })

  it('leaves a positive amount as the formatter wrote it', () => {
    expect(unbreakable(formatAmount(1_250, 'GBP'))).toBe('£12.50')
  })
})
