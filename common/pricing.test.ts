import { describe, expect, it } from 'vitest'
import { type Currency, FALLBACK_RATES } from './money.ts'
import {
  applyPromoCode,
  type BillingCycle,
  convertCents,
  cyclePriceCents,
  formatCents,
  HOURS_PER_MONTH,
  monthlyPrice,
  nodePoolMonthlyCents,
  type PricedConfiguration,
  yearlyDiscountPercent,
} from './pricing.ts'

/** Rates of the worked examples: the fallback rates, so the figures never move. */
const RATES = FALLBACK_RATES // USD 1, EUR 0.845, GBP 0.733

/**
 * Worked example: a Standard cluster, $79.00 base, with 3 × gp-4-16 ($0.136/h) and
 * 2 × mem-4-32 ($0.196/h), plus monitoring ($49.00) and backup ($29.00):
 *   7,900 + 3 × 13.6¢ × 730 (29,784) + 2 × 19.6¢ × 730 (28,616) + 4,900 + 2,900 = 74,100¢ = $741.00.
 */
const STANDARD_CLUSTER: PricedConfiguration = {
  clusterType: { baseMonthlyPriceCents: 7_900 },
  nodePools: [
    { flavor: { hourlyPriceMillicents: 13_600 }, nodeCount: 3 },
    { flavor: { hourlyPriceMillicents: 19_600 }, nodeCount: 2 },
  ],
  addOns: [{ monthlyPriceCents: 4_900 }, { monthlyPriceCents: 2_900 }],
}

describe('monthlyPrice', () => {
  it('adds the base price, each node pool over 730 hours and the add-ons', () => {
    expect(HOURS_PER_MONTH).toBe(730)
    expect(monthlyPrice(STANDARD_CLUSTER)).toEqual({
      clusterTypeCents: 7_900,
      nodePoolCents: [29_784, 28_616],
      addOnsCents: 7_800,
      totalCents: 74_100,
    })
  })

  it('is the base price alone without node pools or add-ons, and zero for a free sandbox', () => {
    expect(
      monthlyPrice({ clusterType: { baseMonthlyPriceCents: 1_900 }, nodePools: [], addOns: [] }).totalCents,
    ).toBe(1_900)
    const sandbox = {
      clusterType: { baseMonthlyPriceCents: 0 },
      nodePools: [{ flavor: { hourlyPriceMillicents: 1_200 }, nodeCount: 0 }],
      addOns: [],
    }
    expect(monthlyPrice(sandbox).totalCents).toBe(0)
  })

  it('prices a GPU pool: 8× H100 at $31.90 an hour is $23,287.00 a month per node', () => {
    const ai = {
      clusterType: { baseMonthlyPriceCents: 19_900 },
      nodePools: [{ flavor: { hourlyPriceMillicents: 3_190_000 }, nodeCount: 2 }],
      addOns: [{ monthlyPriceCents: 0 }],
    }
    expect(monthlyPrice(ai)).toMatchObject({ nodePoolCents: [4_657_400], totalCents: 4_677_300 })
  })
})

describe('nodePoolMonthlyCents', () => {
  it('rounds once per pool, to the nearest cent', () => {
    expect(nodePoolMonthlyCents(6_800, 1)).toBe(4_964) // gp-2-8: $0.068 × 730 = $49.64
    expect(nodePoolMonthlyCents(1_234, 1)).toBe(901) // 900.82¢
    expect(nodePoolMonthlyCents(1_234, 3)).toBe(2_702) // 2,702.46¢, not 3 × 901
    expect(nodePoolMonthlyCents(10, 1)).toBe(7) // 7.3¢
    expect(nodePoolMonthlyCents(1_500, 1)).toBe(1_095)
  })
})

describe('cyclePriceCents and the yearly discount', () => {
  it('bills a year as ten months: two months free, a 17% saving', () => {
    expect(cyclePriceCents(74_100, 'monthly')).toBe(74_100)
    expect(cyclePriceCents(74_100, 'yearly')).toBe(741_000)
    expect(yearlyDiscountPercent(74_100, cyclePriceCents(74_100, 'yearly'))).toBe(17)
    expect(yearlyDiscountPercent(0, cyclePriceCents(0, 'yearly'))).toBe(0)
  })
})

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

describe('the worked example in every currency and billing cycle', () => {
  const cases: [Currency, BillingCycle, number, string][] = [
    ['USD', 'monthly', 74_100, '$741.00'],
    ['USD', 'yearly', 741_000, '$7,410.00'],
    ['EUR', 'monthly', 62_615, '€626.15'], // 74,100 × 0.845 = 62,614.5
    ['EUR', 'yearly', 626_145, '€6,261.45'],
    ['GBP', 'monthly', 54_315, '£543.15'], // 74,100 × 0.733 = 54,315.3
    ['GBP', 'yearly', 543_153, '£5,431.53'],
  ]
  it.each(cases)('%s %s: %d cents, shown %s', (currency, cycle, cents, shown) => {
    const usdCents = cyclePriceCents(monthlyPrice(STANDARD_CLUSTER).totalCents, cycle)
    expect(convertCents(usdCents, currency, RATES)).toBe(cents)
    expect(formatCents(usdCents, currency, RATES)).toBe(shown)
  })

  const withParis: [Currency, BillingCycle, string][] = [
    ['USD', 'monthly', '$703.95'], // 74,100 − 3,705
    ['USD', 'yearly', '$7,039.50'], // 741,000 − 37,050
    ['EUR', 'monthly', '€594.84'], // 70,395 × 0.845 = 59,483.775
    ['EUR', 'yearly', '€5,948.38'],
    ['GBP', 'monthly', '£516.00'], // 70,395 × 0.733 = 51,599.535
    ['GBP', 'yearly', '£5,159.95'],
  ]
  it.each(withParis)('%s %s with PARIS on a first paid order: %s', (currency, cycle, shown) => {
    const subtotalCents = cyclePriceCents(monthlyPrice(STANDARD_CLUSTER).totalCents, cycle)
    const promo = applyPromoCode({ code: 'PARIS', subtotalCents, isFirstPaidOrder: true })
    expect(formatCents(promo.totalCents, currency, RATES)).toBe(shown)
  })
})

describe('applyPromoCode', () => {
  it('takes 5% off a first paid order, rounded to the cent', () => {
    expect(applyPromoCode({ code: 'PARIS', subtotalCents: 74_100, isFirstPaidOrder: true })).toEqual({
      appliedCode: 'PARIS',
      discountCents: 3_705,
      totalCents: 70_395,
      rejection: null,
    })
    expect(applyPromoCode({ code: 'PARIS', subtotalCents: 4_990, isFirstPaidOrder: true })).toMatchObject({
      discountCents: 250, // 249.5
      totalCents: 4_740,
    })
  })

  it('accepts the code in any case and with spaces around it', () => {
    expect(
      applyPromoCode({ code: ' paris ', subtotalCents: 10_000, isFirstPaidOrder: true }).discountCents,
    ).toBe(500)
  })

  it('does nothing after the first paid order, for an unknown code, for a free order or without a code', () => {
    const unchanged = (code: string | null, subtotalCents: number, isFirstPaidOrder: boolean) =>
      applyPromoCode({ code, subtotalCents, isFirstPaidOrder })
    expect(unchanged('PARIS', 74_100, false)).toEqual({
      appliedCode: null,
      discountCents: 0,
      totalCents: 74_100,
      rejection: 'not_first_paid_order',
    })
    expect(unchanged('LYON', 74_100, true).rejection).toBe('unknown_code')
    expect(unchanged('PARIS', 0, true).rejection).toBe('nothing_to_pay')
    expect(unchanged(null, 74_100, true)).toMatchObject({ totalCents: 74_100, rejection: null })
    expect(unchanged('', 74_100, true)).toMatchObject({ totalCents: 74_100, rejection: null })
  })
})

describe('convertCents and formatCents', () => {
  it('leaves USD as it is and rounds other currencies to the cent', () => {
    expect(convertCents(4_964, 'USD', RATES)).toBe(4_964)
    expect(formatCents(4_964, 'USD', RATES)).toBe('$49.64')
    expect(formatCents(4_964, 'EUR', RATES)).toBe('€41.95') // 4,194.58
    expect(formatCents(4_964, 'GBP', RATES)).toBe('£36.39') // 3,638.61
    expect(formatCents(0, 'GBP', RATES)).toBe('£0.00')
  })
})
