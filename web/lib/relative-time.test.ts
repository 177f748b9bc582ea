import { describe, expect, it } from 'vitest'
import { englishRelativeTime, frenchRelativeTime, relativeTime, relativeTimeLabels } from './relative-time.ts'

const now = new Date('2026-11-22T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)

describe('relativeTime', () => {
  it('says "Just now" under 60 seconds', () => {
    expect(relativeTime(ago(0), englishRelativeTime, now)).toBe('Just now')
    expect(relativeTime(ago(59_999), englishRelativeTime, now)).toBe('Just now')
  })

  it('counts minutes, hours and days', () => {
    expect(relativeTime(ago(60_000), englishRelativeTime, now)).toBe('1 minute ago')
    expect(relativeTime(ago(59 * 60_000), englishRelativeTime, now)).toBe('59 minutes ago')
    expect(relativeTime(ago(3_600_000), englishRelativeTime, now)).toBe('1 hour ago')
    expect(relativeTime(ago(23 * 3_600_000), englishRelativeTime, now)).toBe('23 hours ago')
    expect(relativeTime(ago(6 * 86_400_000), englishRelativeTime, now)).toBe('6 days ago')
  })

  it('shows the date from 7 days on', () => {
    const date = ago(7 * 86_400_000)
    expect(relativeTime(date, englishRelativeTime, now)).toBe(date.toLocaleDateString('en-US'))
  })

  it('accepts ISO strings', () => {
    expect(relativeTime(ago(2 * 60_000).toISOString(), englishRelativeTime, now)).toBe('2 minutes ago')
  })
})

describe('French relative times', () => {
  it('uses the same thresholds with French words', () => {
    expect(relativeTime(ago(30_000), frenchRelativeTime, now)).toBe('À l’instant')
    expect(relativeTime(ago(60_000), frenchRelativeTime, now)).toBe('Il y a 1 minute')
    expect(relativeTime(ago(5 * 3_600_000), frenchRelativeTime, now)).toBe('Il y a 5 heures')
    expect(relativeTime(ago(2 * 86_400_000), frenchRelativeTime, now)).toBe('Il y a 2 jours')
    const date = ago(8 * 86_400_000)
    expect(relativeTime(date, frenchRelativeTime, now)).toBe(date.toLocaleDateString('fr-FR'))
  })

  it('picks the labels by interface language, English by default', () => {
    expect(relativeTimeLabels('fr')).toBe(frenchRelativeTime)
    expect(relativeTimeLabels('fr-FR')).toBe(frenchRelativeTime)
    expect(relativeTimeLabels('en')).toBe(englishRelativeTime)
    expect(relativeTimeLabels(undefined)).toBe(englishRelativeTime)
  })
})
