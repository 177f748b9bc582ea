import {
  DEMO_BUSINESS_DAYS,
  DEMO_DAY_END_MINUTE,
  DEMO_DAY_START_MINUTE,
  DEMO_SLOT_MINUTES,
  DEMO_TIME_ZONE,
} from './constants.ts'

export type DemoSlotRules = {
  timeZone: string
  slotMinutes: number
  businessDays: number
  dayStartMinute: number
  dayEndMinute: number
}

export const DEMO_SLOT_RULES: DemoSlotRules = {
  timeZone: DEMO_TIME_ZONE,
  slotMinutes: DEMO_SLOT_MINUTES,
  businessDays: DEMO_BUSINESS_DAYS,
  dayStartMinute: DEMO_DAY_START_MINUTE,
  dayEndMinute: DEMO_DAY_END_MINUTE,
}

/**
 * The starts of every demo slot on offer at `now`, earliest first: each half-hour of the working
 * day in the rules' time zone, on the next business days (Monday to Friday) after today there.
 * Today is left out so the sales team always has time to prepare. Public holidays are not known.
 */
export function demoSlotStarts(now: Date, rules: DemoSlotRules = DEMO_SLOT_RULES): Date[] {
  const starts: Date[] = []
  let day = calendarDateIn(now, rules.timeZone)
  for (let businessDays = 0; businessDays < rules.businessDays; ) {
    day = nextDay(day)
    if (isWeekend(day)) continue
    businessDays++
    for (
      let minute = rules.dayStartMinute;
      minute + rules.slotMinutes <= rules.dayEndMinute;
      minute += rules.slotMinutes
    ) {
      starts.push(wallClockToInstant(day, minute, rules.timeZone))
    }
  }
  return starts
}

/** Whether `start` is exactly the start of a slot on offer at `now` (booked or not). */
export function isOfferedDemoSlot(start: Date, now: Date, rules: DemoSlotRules = DEMO_SLOT_RULES): boolean {
  return demoSlotStarts(now, rules).some((offered) => offered.getTime() === start.getTime())
}

/** A day of the calendar, without a time zone (month 1–12). */
type CalendarDate = { year: number; month: number; day: number }

function calendarDateIn(instant: Date, timeZone: string): CalendarDate {
  const parts = wallClockParts(instant.getTime(), timeZone)
  return { year: parts.year, month: parts.month, day: parts.day }
}

function nextDay(date: CalendarDate): CalendarDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1))
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }
}

function isWeekend(date: CalendarDate): boolean {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()
  return weekday === 0 || weekday === 6
}

/**
 * The instant at which clocks in `timeZone` show `minuteOfDay` on `date`. The zone's offset is
 * read at a first guess and again at the result, which matters only near a daylight-saving change.
 */
function wallClockToInstant(date: CalendarDate, minuteOfDay: number, timeZone: string): Date {
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
