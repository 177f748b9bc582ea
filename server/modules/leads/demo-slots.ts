import { calendarDateIn, isWeekend, nextDay, wallClockToInstant } from '#server/lib/wall-clock.ts'
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
