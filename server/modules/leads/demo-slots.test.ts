import { describe, expect, it } from 'vitest'
import { DEMO_SLOT_RULES, demoSlotStarts, isOfferedDemoSlot } from './demo-slots.ts'

const iso = (dates: Date[]) => dates.map((date) => date.toISOString())
/** The distinct UTC days the slots fall on, in order. */
const daysOf = (dates: Date[]) => [...new Set(iso(dates).map((value) => value.slice(0, 10)))]

describe('demo slot rules', () => {
  it('are 30-minute slots from 09:00 to 17:00 Paris time on 10 business days', () => {
    expect(DEMO_SLOT_RULES).toEqual({
      timeZone: 'Europe/Paris',
      slotMinutes: 30,
      businessDays: 10,
      dayStartMinute: 540,
      dayEndMinute: 1020,
    })
  })
})

describe('demoSlotStarts', () => {
  // Wednesday 13 January 2027, 11:00 in Paris (UTC+1 in winter).
  const winterWednesday = new Date('2027-01-13T10:00:00Z')

  it('offers 16 half-hours a day on the next 10 business days, starting tomorrow', () => {
    const starts = demoSlotStarts(winterWednesday)
    expect(starts).toHaveLength(160)
    expect(daysOf(starts)).toEqual([
      '2027-01-14',
      '2027-01-15',
      '2027-01-18',
      '2027-01-19',
      '2027-01-20',
      '2027-01-21',
      '2027-01-22',
      '2027-01-25',
      '2027-01-26',
      '2027-01-27',
    ])
    const firstDay = iso(starts).filter((value) => value.startsWith('2027-01-14'))
    expect(firstDay[0]).toBe('2027-01-14T08:00:00.000Z')
    expect(firstDay[1]).toBe('2027-01-14T08:30:00.000Z')
    expect(firstDay.at(-1)).toBe('2027-01-14T15:30:00.000Z')
    expect(firstDay).toHaveLength(16)
  })

  it('skips Saturdays and Sundays', () => {
    for (const start of demoSlotStarts(winterWednesday)) {
      expect([0, 6]).not.toContain(start.getUTCDay())
    }
  })

  it('follows summer time: 09:00 in Paris is 07:00 UTC in July', () => {
    const starts = demoSlotStarts(new Date('2027-07-01T09:00:00Z'))
    expect(starts[0]!.toISOString()).toBe('2027-07-02T07:00:00.000Z')
    expect(starts[15]!.toISOString()).toBe('2027-07-02T14:30:00.000Z')
  })

  it('changes offset across the daylight-saving change of 28 March 2027', () => {
    const starts = iso(demoSlotStarts(new Date('2027-03-25T12:00:00Z')))
    expect(starts[0]).toBe('2027-03-26T08:00:00.000Z')
    expect(starts[16]).toBe('2027-03-29T07:00:00.000Z')
  })

  it('counts days by the calendar in Paris, not in UTC', () => {
    // Sunday 23:30 in Paris: the next business day is Monday.
    expect(demoSlotStarts(new Date('2027-01-17T22:30:00Z'))[0]!.toISOString()).toBe(
      '2027-01-18T08:00:00.000Z',
    )
    // Monday 00:30 in Paris (still Sunday in UTC): Monday is today, so Tuesday comes first.
    expect(demoSlotStarts(new Date('2027-01-17T23:30:00Z'))[0]!.toISOString()).toBe(
      '2027-01-19T08:00:00.000Z',
    )
  })

  it('starts on Monday when asked on a Friday', () => {
    expect(demoSlotStarts(new Date('2027-01-15T16:00:00Z'))[0]!.toISOString()).toBe(
      '2027-01-18T08:00:00.000Z',
    )
  })
})

describe('isOfferedDemoSlot', () => {
  const now = new Date('2027-01-13T10:00:00Z')

  it('accepts the exact start of a slot on offer', () => {
    expect(isOfferedDemoSlot(new Date('2027-01-14T08:00:00Z'), now)).toBe(true)
    expect(isOfferedDemoSlot(new Date('2027-01-27T15:30:00+00:00'), now)).toBe(true)
  })

  it('refuses anything else', () => {
    for (const start of [
      '2027-01-13T14:00:00Z', // today
      '2027-01-14T08:15:00Z', // not on the half-hour
      '2027-01-14T07:30:00Z', // 08:30 in Paris, before opening
      '2027-01-14T16:00:00Z', // 17:00 in Paris, after the last slot
      '2027-01-16T09:00:00Z', // a Saturday
      '2027-01-28T09:00:00Z', // the 11th business day
    ]) {
      expect(isOfferedDemoSlot(new Date(start), now), start).toBe(false)
    }
  })
})
