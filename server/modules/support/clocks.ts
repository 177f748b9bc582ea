import type { SupportPlan } from '#common/schemas/catalog.ts'
import type { SlaClock } from '#common/schemas/support.ts'
import { calendarDateIn, isWeekend, nextDay, wallClockToInstant } from '#server/lib/wall-clock.ts'

/**
 * The response clocks of the support desk. A plan covers business hours (Monday to Friday,
 * 9:00–18:00 in Paris) or the whole week around the clock; a target of N minutes runs only
 * during covered minutes. Public holidays are not known.
 */

export type Coverage = SupportPlan['coverage']

export const SUPPORT_TIME_ZONE = 'Europe/Paris'
export const BUSINESS_DAY_START_MINUTE = 9 * 60
export const BUSINESS_DAY_END_MINUTE = 18 * 60

const MINUTE_MS = 60_000

/** The covered span of the business day of `instant` that ends after it, or the next one. */
function coveredSpanFrom(instant: Date): { start: Date; end: Date } {
  let day = calendarDateIn(instant, SUPPORT_TIME_ZONE)
  for (;;) {
    if (!isWeekend(day)) {
      const end = wallClockToInstant(day, BUSINESS_DAY_END_MINUTE, SUPPORT_TIME_ZONE)
      if (end > instant) {
        const opening = wallClockToInstant(day, BUSINESS_DAY_START_MINUTE, SUPPORT_TIME_ZONE)
        return { start: opening > instant ? opening : instant, end }
      }
    }
    day = nextDay(day)
  }
}

/** The instant at which `minutes` of coverage have passed since `start`. */
export function addCoveredMinutes(start: Date, minutes: number, coverage: Coverage): Date {
  if (coverage === '24x7') return new Date(start.getTime() + minutes * MINUTE_MS)
  let cursor = start
  let remainingMs = minutes * MINUTE_MS
  for (;;) {
    const span = coveredSpanFrom(cursor)
    const available = span.end.getTime() - span.start.getTime()
    if (remainingMs <= available) return new Date(span.start.getTime() + remainingMs)
    remainingMs -= available
    cursor = span.end
  }
}

/** How many minutes of coverage lie between two instants (0 when `end` is not after `start`). */
export function coveredMinutesBetween(start: Date, end: Date, coverage: Coverage): number {
  if (end <= start) return 0
  if (coverage === '24x7') return Math.round((end.getTime() - start.getTime()) / MINUTE_MS)
  let covered = 0
  let cursor = start
  for (;;) {
    const span = coveredSpanFrom(cursor)
    if (span.start >= end) break
    covered += Math.min(span.end.getTime(), end.getTime()) - span.start.getTime()
    if (span.end >= end) break
    cursor = span.end
  }
  return Math.round(covered / MINUTE_MS)
}

/** A due instant held still during a pause, moved on by the paused time when the clock resumes. */
export function resumedDueAt(dueAt: Date, pausedAt: Date, now: Date, coverage: Coverage): Date {
  return addCoveredMinutes(now, coveredMinutesBetween(pausedAt, dueAt, coverage), coverage)
}

type ClockInput = {
  targetMinutes: number
  dueAt: Date | null
  metAt: Date | null
  pausedAt: Date | null
  /** The ticket is resolved or closed: nothing is owed. */
  stopped: boolean
}

/** What a clock shows at `now`. */
export function clockAt(input: ClockInput, now: Date, coverage: Coverage): SlaClock {
  const base = {
    targetMinutes: input.targetMinutes,
    dueAt: input.dueAt?.toISOString() ?? null,
    metAt: input.metAt?.toISOString() ?? null,
    remainingMinutes: null,
  }
  if (input.metAt) return { ...base, state: input.dueAt && input.metAt > input.dueAt ? 'breached' : 'met' }
  if (!input.dueAt) return { ...base, state: 'idle' }
  if (input.stopped) return { ...base, state: 'stopped' }
  if (input.pausedAt) {
    const remainingMinutes = coveredMinutesBetween(input.pausedAt, input.dueAt, coverage)
    return { ...base, state: remainingMinutes > 0 ? 'paused' : 'breached', remainingMinutes }
  }
  return { ...base, state: now > input.dueAt ? 'breached' : 'running' }
}
