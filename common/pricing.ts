import type { Language } from './language.ts'
import { type Currency, convertFromUsd, type ExchangeRates, formatPrice } from './money.ts'

/**
 * The pricing rules both sides use (docs/decisions/008-pricing-rules.md). Every amount is integer
 * USD cents until it is shown; flavors are priced in USD milli-cents an hour. The server always
 * recomputes an order's price with these functions; the client's figure is only displayed.
 */

/** Hours billed for a month of a running node: 365 × 24 / 12, the industry's usual 730. */
export const HOURS_PER_MONTH = 730
export const MILLICENTS_PER_CENT = 1_000
export const CENTS_PER_UNIT = 100
const MILLICENTS_PER_UNIT = MILLICENTS_PER_CENT * CENTS_PER_UNIT
/** A yearly commitment pays ten months: two months free, shown as a 17% saving. */
export const YEARLY_BILLED_MONTHS = 10
export const BILLING_CYCLES = ['monthly', 'yearly'] as const
export type BillingCycle = (typeof BILLING_CYCLES)[number]

/** The promotion of the promo bar: 5% off an organization's first paid order. */
export const PROMO_CODE = 'PARIS'
export const PROMO_PERCENT = 5

/**
 * Hourly prices are charged at four decimals of their currency (€0.0104), as EU providers show
 * them: a multiple of 10 milli-cents, so that hours × price is exact and an invoice line
 * multiplies out as printed.
 */
export const HOURLY_PRICE_STEP_MILLICENTS = 10

/** Milli-cents an hour rounded to the precision hourly prices are charged at. */
export function roundHourlyMillicents(millicents: number): number {
  return Math.round(millicents / HOURLY_PRICE_STEP_MILLICENTS) * HOURLY_PRICE_STEP_MILLICENTS
}

/** A monthly price spread over 730 hours: the hourly price charged for it, in milli-cents. */
export function hourlyMillicentsOf(monthlyCents: number): number {
  return roundHourlyMillicents((monthlyCents * MILLICENTS_PER_CENT) / HOURS_PER_MONTH)
}

/** What the promotion takes off one priced component, rounded to the cent. */
export function promotionCents(cents: number): number {
  return Math.round((cents * PROMO_PERCENT) / 100)
}

/**
 * A resource's price as agreed under the promotion: each component (control plane, node pool,
 * add-on) 5% off, so that the order's total is the sum of what each resource is then billed.
 */
export function promotedCents(cents: number): number {
  return cents - promotionCents(cents)
}

/** An hourly price under the promotion, at the precision hourly prices are charged at. */
export function promotedHourlyMillicents(millicents: number): number {
  return roundHourlyMillicents((millicents * (100 - PROMO_PERCENT)) / 100)
}

export type PricedConfiguration = {
  clusterType: { baseMonthlyPriceCents: number }
  nodePools: { flavor: { hourlyPriceMillicents: number }; nodeCount: number }[]
  addOns: { monthlyPriceCents: number }[]
}

/**
 * The least a cluster type costs a month — the "from" price every page shows for it: its control
 * plane and one node of its cheapest flavor.
 */
export function startingMonthlyCents(
  type: { baseMonthlyPriceCents: number; allowedFlavorIds: readonly string[] },
  flavors: readonly { id: string; hourlyPriceMillicents: number }[],
): number {
  const cheapest = flavors
    .filter((flavor) => type.allowedFlavorIds.includes(flavor.id))
    .sort((a, b) => a.hourlyPriceMillicents - b.hourlyPriceMillicents)[0]
  return monthlyPrice({
    clusterType: type,
    nodePools: cheapest ? [{ flavor: cheapest, nodeCount: 1 }] : [],
    addOns: [],
  }).totalCents
}

export type MonthlyPrice = {
  clusterTypeCents: number
  /** One figure per node pool, in the order given. */
  nodePoolCents: number[]
  addOnsCents: number
  totalCents: number
}

/**
 * The monthly price of a configuration: the cluster type's base price, plus each node pool's
 * nodes × flavor hourly price × 730 hours (rounded to the cent per pool), plus the add-ons.
 */
export function monthlyPrice(configuration: PricedConfiguration): MonthlyPrice {
  const clusterTypeCents = configuration.clusterType.baseMonthlyPriceCents
  const nodePoolCents = configuration.nodePools.map((pool) =>
    nodePoolMonthlyCents(pool.flavor.hourlyPriceMillicents, pool.nodeCount),
  )
  const addOnsCents = configuration.addOns.reduce((sum, addOn) => sum + addOn.monthlyPriceCents, 0)
  const totalCents = clusterTypeCents + sum(nodePoolCents) + addOnsCents
  return { clusterTypeCents, nodePoolCents, addOnsCents, totalCents }
}

/** A node pool's month, rounded once to the cent (never per node or per hour). */
export function nodePoolMonthlyCents(hourlyPriceMillicents: number, nodeCount: number): number {
  return Math.round((hourlyPriceMillicents * nodeCount * HOURS_PER_MONTH) / MILLICENTS_PER_CENT)
}

/** What a billing cycle costs, from the monthly price: one month, or ten for a year. */
export function cyclePriceCents(monthlyCents: number, cycle: BillingCycle): number {
  return cycle === 'yearly' ? monthlyCents * YEARLY_BILLED_MONTHS : monthlyCents
}

/**
 * The yearly discount shown beside a yearly price: the rounded percentage saved against paying the
 * monthly price twelve times.
 */
export function yearlyDiscountPercent(monthlyPrice: number, yearlyPrice: number): number {
  const twelveMonths = monthlyPrice * 12
  if (twelveMonths <= 0) return 0
  return Math.round(((twelveMonths - yearlyPrice) / twelveMonths) * 100)
}

export type PromoResult = {
  /** The code as applied (upper case), or null when it did not apply. */
  appliedCode: string | null
  discountCents: number
  totalCents: number
  /** Why a code given was not applied. */
  rejection: 'unknown_code' | 'not_first_paid_order' | 'nothing_to_pay' | null
}

/**
 * The effect of a promo code on an order's total. PARIS takes 5% off (rounded to the cent) when
 * the order is the organization's first paid one; the server decides `isFirstPaidOrder`.
 */
export function applyPromoCode(input: {
  code: string | null | undefined
  subtotalCents: number
  /** The priced components the subtotal sums (control plane, each pool, each add-on); one when absent. */
  componentsCents?: number[]
  isFirstPaidOrder: boolean
}): PromoResult {
  const none = { appliedCode: null, discountCents: 0, totalCents: input.subtotalCents }
  const code = input.code?.trim().toUpperCase() ?? ''
  if (code === '') return { ...none, rejection: null }
  if (code !== PROMO_CODE) return { ...none, rejection: 'unknown_code' }
  if (input.subtotalCents <= 0) return { ...none, rejection: 'nothing_to_pay' }
  if (!input.isFirstPaidOrder) return { ...none, rejection: 'not_first_paid_order' }
  const discountCents = sum((input.componentsCents ?? [input.subtotalCents]).map(promotionCents))
  return {
    appliedCode: PROMO_CODE,
    discountCents,
    totalCents: input.subtotalCents - discountCents,
    rejection: null,
  }
}

/** USD cents to whole cents of another currency; totals are converted once, never line by line. */
export function convertCents(usdCents: number, currency: Currency, rates: ExchangeRates): number {
  return Math.round(convertFromUsd(usdCents, currency, rates))
}

/** A USD-cent amount shown in a currency: formatCents(4_964, 'EUR', rates) → "€41.95". */
export function formatCents(
  usdCents: number,
  currency: Currency,
  rates: ExchangeRates,
  language: Language = 'en',
): string {
  return formatPrice(convertCents(usdCents, currency, rates) / CENTS_PER_UNIT, currency, language)
}

/** An amount typed in units of a currency (12.5) as cents of that currency (1250). */
export function centsOfUnits(amount: number): number {
  return Math.round(amount * CENTS_PER_UNIT)
}

/** Cents as units of their currency, to put in a field a person edits: 1250 → 12.5. */
export function unitsOfCents(cents: number): number {
  return cents / CENTS_PER_UNIT
}

/** An amount in whole units of a currency (a budget typed by a person) as USD cents at the rates. */
export function usdCentsOf(amount: number, currency: Currency, rates: ExchangeRates): number {
  return Math.round(centsOfUnits(amount) / rates[currency])
}

/** Cents already in a currency (an invoice's, a budget's): formatAmount(1_250, 'EUR') → "€12.50", "12,50 €" in French. */
export function formatAmount(cents: number, currency: Currency, language: Language = 'en'): string {
  return formatPrice(cents / CENTS_PER_UNIT, currency, language)
}

/** USD milli-cents as a plain number of units of a currency, for a chart's axis. */
export function millicentsAsUnits(usdMillicents: number, currency: Currency, rates: ExchangeRates): number {
  return convertFromUsd(usdMillicents, currency, rates) / MILLICENTS_PER_UNIT
}

/**
 * An hourly price held in USD milli-cents, shown at the four decimals it is charged at:
 * formatMillicents(4_250, 'USD', rates) → "$0.0425".
 */
export function formatMillicents(
  usdMillicents: number,
  currency: Currency,
  rates: ExchangeRates,
  language: Language = 'en',
): string {
  const converted = roundHourlyMillicents(convertFromUsd(usdMillicents, currency, rates))
  return formatPrice(converted / MILLICENTS_PER_UNIT, currency, language, HOURLY_PRICE_DECIMALS)
}

/** The decimals of an hourly price: 100,000 milli-cents a unit, charged by steps of 10. */
export const HOURLY_PRICE_DECIMALS = 4

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0)
}
