/** Days and times as the clocks of a time zone show them (demo slots, support hours). */

/** A day of the calendar, without a time zone (month 1–12). */
export type CalendarDate = { year: number; month: number; day: number }

export function calendarDateIn(instant: Date, timeZone: string): CalendarDate {
  const parts = wallClockParts(instant.getTime(), timeZone)
  return { year: parts.year, month: parts.month, day: parts.day }
}

export function nextDay(date: CalendarDate): CalendarDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1))
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }
}

export function isWeekend(date: CalendarDate): boolean {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()
  return weekday === 0 || weekday === 6
}

/**
 * The instant at which clocks in `timeZone` show `minuteOfDay` on `date`. The zone's offset is
 * read at a first guess and again at the result, which matters only near a daylight-saving change.
 */
export function wallClockToInstant(date: CalendarDate, minuteOfDay: number, timeZone: string): Date {
  const wallClock = Date.UTC(date.year, date.month - 1, date.day, 0, minuteOfDay)
  const guess = wallClock - offsetAt(wallClock, timeZone)
  return new Date(wallClock - offsetAt(guess, timeZone))
}

/** How far the zone's clocks are ahead of UTC at `epochMs`, in milliseconds. */
function offsetAt(epochMs: number, timeZone: string): number {
  const parts = wallClockParts(epochMs, timeZone)
  const shown = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second)
  return shown - Math.floor(epochMs / 1000) * 1000
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function wallClockParts(epochMs: number, timeZone: string) {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  const values = Object.fromEntries(
    formatter
      .formatToParts(new Date(epochMs))
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>
  return values
}
