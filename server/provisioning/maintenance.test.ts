import { describe, expect, it } from 'vitest'
import { isInMaintenanceWindow, isOlderPatch } from './maintenance.ts'

describe('isInMaintenanceWindow', () => {
  const sunday2am = { day: 'sunday', startHour: 2, autoPatchUpgrades: true } as const

  it('opens at the start hour of its day, UTC, for four hours', () => {
    // 2026-11-22 is a Sunday.
    expect(isInMaintenanceWindow(sunday2am, new Date('2026-11-22T01:59:59Z'))).toBe(false)
    expect(isInMaintenanceWindow(sunday2am, new Date('2026-11-22T02:00:00Z'))).toBe(true)
    expect(isInMaintenanceWindow(sunday2am, new Date('2026-11-22T05:59:59Z'))).toBe(true)
    expect(isInMaintenanceWindow(sunday2am, new Date('2026-11-22T06:00:00Z'))).toBe(false)
    expect(isInMaintenanceWindow(sunday2am, new Date('2026-11-23T02:30:00Z'))).toBe(false)
  })

  it('runs over midnight into the next day, and from Sunday into Monday', () => {
    const saturday22 = { day: 'saturday', startHour: 22, autoPatchUpgrades: true } as const
    expect(isInMaintenanceWindow(saturday22, new Date('2026-11-22T01:30:00Z'))).toBe(true)
    const sunday23 = { day: 'sunday', startHour: 23, autoPatchUpgrades: true } as const
    expect(isInMaintenanceWindow(sunday23, new Date('2026-11-23T02:00:00Z'))).toBe(true)
    expect(isInMaintenanceWindow(sunday23, new Date('2026-11-23T03:00:00Z'))).toBe(false)
  })
})

describe('isOlderPatch', () => {
  it('compares version numbers, not strings', () => {
    expect(isOlderPatch('1.36.5', '1.36.6')).toBe(true)
    expect(isOlderPatch('1.36.9', '1.36.10')).toBe(true)
    expect(isOlderPatch('1.36.10', '1.36.9')).toBe(false)
    expect(isOlderPatch('1.36.6', '1.36.6')).toBe(false)
  })
})
