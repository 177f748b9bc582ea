import { describe, expect, it } from 'vitest'
import { addCoveredMinutes, clockAt, coveredMinutesBetween, resumedDueAt } from './clocks.ts'

// November 2026 in Paris is UTC+1: 9:00 there is 08:00Z. 27 November is a Friday.
const paris = (isoLocal: string) => new Date(`${isoLocal}+01:00`)

describe('the business-hours calendar', () => {
  it('carries a target over the weekend: Friday 17:30 plus 8 hours is Monday 16:30', () => {
    expect(addCoveredMinutes(paris('2026-11-27T17:30'), 8 * 60, 'business_hours')).toEqual(
      paris('2026-11-30T16:30'),
    )
  })

  it('starts a ticket opened at night or on a weekend at the next opening', () => {
    expect(addCoveredMinutes(paris('2026-11-28T11:00'), 60, 'business_hours')).toEqual(
      paris('2026-11-30T10:00'),
    )
    expect(addCoveredMinutes(paris('2026-11-25T22:00'), 30, 'business_hours')).toEqual(
      paris('2026-11-26T09:30'),
    )
    expect(addCoveredMinutes(paris('2026-11-26T06:00'), 9 * 60, 'business_hours')).toEqual(
      paris('2026-11-26T18:00'),
    )
  })

  it('spans several working days for a long target', () => {
    // 24 covered hours: the rest of Wednesday (3 h), Thursday and Friday (18 h), 3 h on Monday.
    expect(addCoveredMinutes(paris('2026-11-25T15:00'), 24 * 60, 'business_hours')).toEqual(
      paris('2026-11-30T12:00'),
    )
  })

  it('follows Paris across the change to summer time', () => {
    // 27 March 2026 is a Friday in winter time; Monday 30 March is in summer time (UTC+2).
    expect(addCoveredMinutes(new Date('2026-03-27T16:30:00Z'), 8 * 60, 'business_hours')).toEqual(
      new Date('2026-03-30T14:30:00Z'),
    )
  })

  it('counts the covered minutes between two instants, none on a weekend', () => {
    expect(
      coveredMinutesBetween(paris('2026-11-27T17:30'), paris('2026-11-30T16:30'), 'business_hours'),
    ).toBe(8 * 60)
    expect(
      coveredMinutesBetween(paris('2026-11-28T08:00'), paris('2026-11-29T20:00'), 'business_hours'),
    ).toBe(0)
    expect(
      coveredMinutesBetween(paris('2026-11-30T12:00'), paris('2026-11-30T10:00'), 'business_hours'),
    ).toBe(0)
  })
})

describe('24/7 plans', () => {
  it('count every minute, weekends and nights included', () => {
    expect(addCoveredMinutes(paris('2026-11-27T17:30'), 8 * 60, '24x7')).toEqual(paris('2026-11-28T01:30'))
    expect(coveredMinutesBetween(paris('2026-11-28T08:00'), paris('2026-11-29T08:00'), '24x7')).toBe(24 * 60)
  })
})

describe('a clock paused while the ticket waits on the customer', () => {
  it('keeps what was left and resumes from it', () => {
    // Due Monday 16:30; paused Monday 10:00 with 6 h 30 min left; resumed Tuesday 14:00.
    const due = paris('2026-11-30T16:30')
    const pausedAt = paris('2026-11-30T10:00')
    expect(
      clockAt(
        { targetMinutes: 480, dueAt: due, metAt: null, pausedAt, stopped: false },
        paris('2026-12-01T13:00'),
        'business_hours',
      ),
    ).toMatchObject({ state: 'paused', remainingMinutes: 390 })
    expect(resumedDueAt(due, pausedAt, paris('2026-12-01T14:00'), 'business_hours')).toEqual(
      paris('2026-12-02T11:30'),
    )
  })

  it('shows a running, breached, met, idle or stopped clock', () => {
    const due = paris('2026-11-30T16:30')
    const clock = (now: string, extra: Partial<Parameters<typeof clockAt>[0]> = {}) =>
      clockAt(
        { targetMinutes: 480, dueAt: due, metAt: null, pausedAt: null, stopped: false, ...extra },
        paris(now),
        'business_hours',
      ).state
    expect(clock('2026-11-30T16:00')).toBe('running')
    expect(clock('2026-11-30T17:00')).toBe('breached')
    expect(clock('2026-11-30T17:00', { metAt: paris('2026-11-30T12:00') })).toBe('met')
    expect(clock('2026-11-30T17:00', { metAt: paris('2026-11-30T16:45') })).toBe('breached')
    expect(clock('2026-11-30T17:00', { dueAt: null })).toBe('idle')
    expect(clock('2026-11-30T17:00', { stopped: true })).toBe('stopped')
  })
})
