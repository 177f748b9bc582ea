import { describe, expect, it } from 'vitest'
import { formatSlotDateTime, formatSlotDay, formatSlotTime, groupSlotsByDay } from './demo-time.ts'

const PARIS = 'Europe/Paris'
const slot = (start: string) => ({
  start,
  end: new Date(new Date(start).getTime() + 1_800_000).toISOString(),
})

describe('groupSlotsByDay', () => {
  it('groups slots by their day in the slots’ time zone, keeping their order', () => {
    const slots = [
      slot('2027-01-14T08:00:00.000Z'),
      slot('2027-01-14T15:30:00.000Z'),
      // 00:30 on the 15th in Paris while still the 14th in UTC: it belongs to the 15th.
      slot('2027-01-14T23:30:00.000Z'),
      slot('2027-01-15T08:00:00.000Z'),
    ]
    expect(groupSlotsByDay(slots, PARIS)).toEqual([
      { key: '2027-01-14', slots: slots.slice(0, 2) },
      { key: '2027-01-15', slots: slots.slice(2) },
    ])
  })
})

describe('slot labels', () => {
  it('show the time and day in Paris, in the visitor’s language', () => {
    expect(formatSlotTime('2027-01-14T08:30:00.000Z', PARIS, 'en')).toBe('09:30')
    expect(formatSlotTime('2027-07-01T07:00:00.000Z', PARIS, 'fr')).toBe('09:00')
    expect(formatSlotDay('2027-01-14T08:30:00.000Z', PARIS, 'en')).toBe('Thu 14 Jan')
    expect(formatSlotDay('2027-01-14T08:30:00.000Z', PARIS, 'fr')).toBe('jeu. 14 janv.')
    expect(formatSlotDateTime('2027-01-14T08:30:00.000Z', PARIS, 'en')).toBe(
      'Thursday, 14 January 2027 at 09:30',
    )
    expect(formatSlotDateTime('2027-01-14T08:30:00.000Z', PARIS, 'fr')).toBe('jeudi 14 janvier 2027 à 09:30')
  })
})
