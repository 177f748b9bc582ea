import { describe, expect, it } from 'vitest'
import type { UsageChartRow } from './usage-chart-data.ts'
import { dayAt, dayBand, highest, labelEvery, niceTicks, stackRows, yOf } from './usage-chart-scale.ts'

const row = (date: string, values: Record<string, number | null>, forecast: number | null = null) =>
  ({ date, total: forecast === null ? 0 : null, forecast, ...values }) as UsageChartRow

describe('the y axis’ ticks', () => {
  it('counts from 0 in steps of 1, 2, 2.5 or 5 times a power of ten, up to the first at or above the top', () => {
    expect(niceTicks(42)).toEqual([0, 20, 40, 60])
    expect(niceTicks(21.49)).toEqual([0, 10, 20, 30])
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100])
    expect(niceTicks(101)).toEqual([0, 50, 100, 150])
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8])
    expect(niceTicks(1_234)).toEqual([0, 500, 1_000, 1_500])
  })

  it('writes small steps without a float’s tail', () => {
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3])
    expect(niceTicks(0.9)).toEqual([0, 0.25, 0.5, 0.75, 1])
    expect(niceTicks(0.07)).toEqual([0, 0.02, 0.04, 0.06, 0.08])
  })

  it('gives a month of zeros an axis from 0 to 1, so nothing divides by 0', () => {
    expect(niceTicks(0)).toEqual([0, 0.25, 0.5, 0.75, 1])
    expect(niceTicks(-5)).toEqual([0, 0.25, 0.5, 0.75, 1])
    expect(niceTicks(Number.NaN)).toEqual([0, 0.25, 0.5, 0.75, 1])
  })

  it('follows the count asked for', () => {
    expect(niceTicks(10, 2)).toEqual([0, 5, 10])
    expect(niceTicks(10, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })
})

describe('the stacked bars', () => {
  it('puts each series on the one before it, in the series’ order', () => {
    const stacks = stackRows([row('2026-11-01', { a: 2, b: 0.5, c: 1 })], ['a', 'b', 'c'])
    expect(stacks).toEqual([
      [
        { key: 'a', index: 0, from: 0, to: 2 },
        { key: 'b', index: 1, from: 2, to: 2.5 },
        { key: 'c', index: 2, from: 2.5, to: 3.5 },
      ],
    ])
  })

  it('counts a missing, null or negative value as 0', () => {
    const stacks = stackRows([row('2026-11-30', { a: null, b: -3 }, 40)], ['a', 'b', 'c'])
    expect(stacks[0]!.map((segment) => [segment.from, segment.to])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ])
  })

  it('has no parts without series', () => {
    expect(stackRows([row('2026-11-01', {})], [])).toEqual([[]])
  })

  it('reaches as high as the tallest bar or the forecast', () => {
    const rows = [row('2026-11-01', { a: 2, b: 1 }), row('2026-11-02', { a: 1, b: 1 }, 2.5)]
    expect(highest(rows, stackRows(rows, ['a', 'b']))).toBe(3)
    const ahead = [...rows, row('2026-11-03', { a: null, b: null }, 70)]
    expect(highest(ahead, stackRows(ahead, ['a', 'b']))).toBe(70)
    expect(highest([row('2026-11-01', { a: 0 })], stackRows([row('2026-11-01', { a: 0 })], ['a']))).toBe(0)
    expect(highest([], [])).toBe(0)
  })
})

describe('positions', () => {
  it('puts 0 at the bottom and the top at the top', () => {
    expect(yOf(0, 60, 200)).toBe(200)
    expect(yOf(60, 60, 200)).toBe(0)
    expect(yOf(15, 60, 200)).toBe(150)
    expect(yOf(-1, 60, 200)).toBe(200)
  })

  it('gives each day an equal slot, its bar centred in it at most 48 px wide', () => {
    expect(dayBand(2, 10, 500)).toEqual({ start: 100, slot: 50, barX: 105, bar: 40, middle: 125 })
    expect(dayBand(0, 1, 800)).toEqual({ start: 0, slot: 800, barX: 376, bar: 48, middle: 400 })
  })

  it('finds the day under the pointer, and none outside the plot', () => {
    expect(dayAt(0, 30, 300)).toBe(0)
    expect(dayAt(299.9, 30, 300)).toBe(29)
    expect(dayAt(125, 10, 500)).toBe(2)
    expect(dayAt(-1, 30, 300)).toBeNull()
    expect(dayAt(300, 30, 300)).toBeNull()
    expect(dayAt(10, 0, 300)).toBeNull()
  })

  it('labels fewer days when they would touch', () => {
    expect(labelEvery(30, 900, 24)).toBe(1)
    expect(labelEvery(30, 200, 24)).toBe(4)
    expect(labelEvery(1, 100, 24)).toBe(1)
    expect(labelEvery(0, 100, 24)).toBe(1)
  })
})
