import type { UsageChartRow } from './usage-chart-data.ts'

/** The usage chart's arithmetic: where each bar, tick and label goes, apart from the drawing. */

/** The steps an axis counts in, times a power of ten: 1, 2, 2.5 and 5 read at a glance. */
const STEPS = [1, 2, 2.5, 5, 10]

/**
 * The y axis' values: from 0 in equal steps of 1, 2, 2.5 or 5 times a power of ten, the last at
 * or above `max`, about `count` steps. A month of zeros still gets an axis (0 to 1), so the
 * drawing never divides by 0.
 */
export function niceTicks(max: number, count = 4): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 1
  const rough = top / count
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = power * STEPS.find((multiple) => multiple * power >= rough)!
  // Whole multiples of the step, rounded to its decimals: 3 × 0.1 is 0.3, not 0.30000000000000004.
  const decimals = Math.max(0, 1 - Math.floor(Math.log10(step)))
  const ticks: number[] = []
  for (let index = 0; ticks.at(-1) === undefined || ticks.at(-1)! < top; index++)
    ticks.push(Number((index * step).toFixed(decimals)))
  return ticks
}

/** One series' part of a day's bar, in the units of the values. */
export type Segment = { key: string; index: number; from: number; to: number }

/**
 * Each day's series stacked in their order from 0: where each part starts and ends. A missing
 * value (a day to come) counts as 0, and nothing goes below 0.
 */
export function stackRows(rows: UsageChartRow[], keys: string[]): Segment[][] {
  return rows.map((row) => {
    let from = 0
    return keys.map((key, index) => {
      const to = from + drawnValue(row, key)
      const segment = { key, index, from, to }
      from = to
      return segment
    })
  })
}

/** A series' value on a day, as drawn: a number, at least 0. */
export function drawnValue(row: UsageChartRow, key: string): number {
  const value = row[key]
  return typeof value === 'number' && value > 0 ? value : 0
}

/** The highest point drawn: the top of a day's bar or the forecast. */
export function highest(rows: UsageChartRow[], stacks: Segment[][]): number {
  return Math.max(
    0,
    ...stacks.map((segments) => segments.at(-1)?.to ?? 0),
    ...rows.map((row) => row.forecast ?? 0),
  )
}

/** Where a value sits on a y axis from 0 to `top` drawn `height` pixels tall (0 is at the bottom). */
export function yOf(value: number, top: number, height: number): number {
  return height - (Math.max(0, value) / top) * height
}

/** The share of a day's width its bar takes, and the widest a bar gets (a month of a few days). */
const BAR_SHARE = 0.8
const BAR_MAX_PX = 48

/** Day `index` of `count` across `width` pixels: its slot's start and width, its bar's start and width, its middle. */
export function dayBand(index: number, count: number, width: number) {
  const slot = width / Math.max(1, count)
  const start = index * slot
  const bar = Math.min(slot * BAR_SHARE, BAR_MAX_PX)
  return { start, slot, barX: start + (slot - bar) / 2, bar, middle: start + slot / 2 }
}

/** The day under a pointer `x` pixels into the plot, or null outside it. */
export function dayAt(x: number, count: number, width: number): number | null {
  if (count === 0 || width <= 0 || x < 0 || x >= width) return null
  return Math.min(count - 1, Math.floor((x / width) * count))
}

/** Every how many days an x label goes, so labels `labelPx` wide do not touch across `width`. */
export function labelEvery(count: number, width: number, labelPx: number): number {
  if (count === 0 || width <= 0) return 1
  return Math.max(1, Math.ceil((count * labelPx) / width))
}
