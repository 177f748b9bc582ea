import { describe, expect, it } from 'vitest'
import { chargeLineOf, splitByWeight, type UsageDayRow } from './charges.ts'

/** A resource's days of usage as the charges query groups them (USD milli-cents). */
function days(hourlyMillicents: number, hoursPerDay: number[], capMillicents = Number.POSITIVE_INFINITY) {
  let charged = 0
  return hoursPerDay.map((hours, index): UsageDayRow => {
    const list = hours * hourlyMillicents
    const amount = Math.max(0, Math.min(list, capMillicents - charged))
    charged += amount
    return {
      resource_key: 'control-plane:c',
      kind: 'control_plane',
      cluster_id: 'c',
      cluster_name: 'shop',
      description: 'Control plane',
      unit_millicents: String(hourlyMillicents),
      day: `2026-10-${String(index + 1).padStart(2, '0')}`,
      quantity: hours,
      amount: String(amount),
      list_amount: String(list),
    }
  })
}

describe('charge lines', () => {
  it('convert the hourly price once, at four decimals, so hours × price is the amount', () => {
    // $0.32050 an hour at 0.845 is €0.27082…: charged at €0.2708.
    const line = chargeLineOf(days(32_050, [24, 24, 7]), 0.845)
    expect(line.unitPriceMillicents).toBe(27_080)
    expect(line.quantity).toBe(55)
    expect(line.amountCents).toBe(Math.round((55 * 27_080) / 1_000))
    expect(line.listAmountCents).toBe(line.amountCents)
    expect(line.days.reduce((total, day) => total + day.amountCents, 0)).toBe(line.amountCents)
  })

  it('charge a resource that reached its monthly price that price, keeping its hours and price', () => {
    // 31 days of 24 hours at $0.3206 is $238.53; the month costs $234.00.
    const line = chargeLineOf(days(32_060, Array(31).fill(24), 23_400_000), 1)
    expect(line.quantity).toBe(744)
    expect(line.listAmountCents).toBe(Math.round((744 * 32_060) / 1_000))
    expect(line.amountCents).toBe(23_400)
    expect(line.days.reduce((total, day) => total + day.amountCents, 0)).toBe(23_400)
    // The cap is reached on the 31st, whose day carries only what was left: $3.168 of $7.6944.
    expect(line.days.at(-1)!.amountCents).toBe(317)
  })
})

describe('splitByWeight', () => {
  it('gives parts that always sum to the amount, in proportion to their weights', () => {
    const parts = splitByWeight(100, [
      { date: 'a', weight: 1 },
      { date: 'b', weight: 1 },
      { date: 'c', weight: 1 },
    ])
    expect(parts.map((part) => part.amountCents)).toEqual([33, 34, 33])
    expect(splitByWeight(7, [{ date: 'a', weight: 0 }]).map((part) => part.amountCents)).toEqual([0])
  })
})
