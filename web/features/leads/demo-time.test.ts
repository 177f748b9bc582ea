import { describe, expect, it } from 'vitest'
import { groupSlotsByDay } from './demo-time.ts'

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
