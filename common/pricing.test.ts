import { describe, expect, it } from 'vitest'
import { yearlyDiscountPercent } from './pricing.ts'

describe('yearlyDiscountPercent', () => {
  it('is the rounded percentage saved against twelve monthly payments', () => {
    expect(yearlyDiscountPercent(100, 1000)).toBe(17) // 200 of 1200 = 16.67 %
    expect(yearlyDiscountPercent(100, 1020)).toBe(15)
    expect(yearlyDiscountPercent(49.99, 479.9)).toBe(20) // 119.98 of 599.88 = 20.0 %
    expect(yearlyDiscountPercent(10, 120)).toBe(0)
  })

  it('is zero for a free plan', () => {
    expect(yearlyDiscountPercent(0, 0)).toBe(0)
  })
})
