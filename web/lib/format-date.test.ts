import { describe, expect, it } from 'vitest'
import { dateFormat } from './format-date.ts'

const now = new Date('2026-11-22T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)

describe('relative times', () => {
  const english = dateFormat('en')
  const french = dateFormat('fr')

  it('say "Just now" under 60 seconds', () => {
    expect(english.relative(ago(0), now)).toBe('Just now')
    expect(english.relative(ago(59_999), now)).toBe('Just now')
    expect(french.relative(ago(30_000), now)).toBe('À l’instant')
  })

  it('count minutes, hours and days in the interface language', () => {
    expect(english.relative(ago(60_000), now)).toBe('1 minute ago')
    expect(english.relative(ago(59 * 60_000), now)).toBe('59 minutes ago')
    expect(english.relative(ago(3_600_000), now)).toBe('1 hour ago')
    expect(english.relative(ago(23 * 3_600_000), now)).toBe('23 hours ago')
    expect(english.relative(ago(6 * 86_400_000), now)).toBe('6 days ago')
    expect(french.relative(ago(60_000), now)).toBe('Il y a 1 minute')
    expect(french.relative(ago(5 * 3_600_000), now)).toBe('Il y a 5 heures')
    expect(french.relative(ago(2 * 86_400_000), now)).toBe('Il y a 2 jours')
  })

  it('show the date from 7 days on, and accept ISO strings', () => {
    expect(english.relative(ago(7 * 86_400_000), now)).toBe('15/11/2026')
    expect(french.relative(ago(8 * 86_400_000), now)).toBe('14/11/2026')
    expect(english.relative(ago(2 * 60_000).toISOString(), now)).toBe('2 minutes ago')
  })
})

describe('dates and times', () => {
  it('have one shape per use, in the language', () => {
    const when = '2026-11-24T14:05:09Z'
    expect(dateFormat('en').calendarDate('2027-06-28')).toBe('28 June 2027')
    expect(dateFormat('fr').calendarDate('2027-06-28')).toBe('28 juin 2027')
    expect(dateFormat('en').date(when)).toBe('24 Nov 2026')
    expect(dateFormat('fr').dateTime(when)).toMatch(/24 nov\. 2026/)
  })
})

describe('times in a time zone (a demo’s slots, in Paris time)', () => {
  const PARIS = 'Europe/Paris'
  it('show the time and day there, in the visitor’s language', () => {
    expect(dateFormat('en', PARIS).hourMinute('2027-01-14T08:30:00.000Z')).toBe('09:30')
    expect(dateFormat('fr', PARIS).hourMinute('2027-07-01T07:00:00.000Z')).toBe('09:00')
    expect(dateFormat('en', PARIS).shortDay('2027-01-14T08:30:00.000Z')).toBe('Thu 14 Jan')
    expect(dateFormat('fr', PARIS).shortDay('2027-01-14T08:30:00.000Z')).toBe('jeu. 14 janv.')
    expect(dateFormat('en', PARIS).fullDateTime('2027-01-14T08:30:00.000Z')).toBe(
      'Thursday, 14 January 2027 at 09:30',
    )
    expect(dateFormat('fr', PARIS).fullDateTime('2027-01-14T08:30:00.000Z')).toBe(
      'jeudi 14 janvier 2027 à 09:30',
    )
  })

  it('give each instant its day there', () => {
    // 00:30 on the 15th in Paris while still the 14th in UTC.
    expect(dateFormat('en', PARIS).dayKey('2027-01-14T23:30:00.000Z')).toBe('2027-01-15')
    expect(dateFormat('en', 'UTC').dayKey('2027-01-14T23:30:00.000Z')).toBe('2027-01-14')
  })
})

describe('durations', () => {
  it('show the two largest units in the interface language', () => {
    const en = dateFormat('en')
    expect(en.duration(40)).toBe('40m')
    expect(en.duration(135)).toBe('2h 15m')
    expect(en.duration(1_620)).toBe('1d 3h')
    expect(en.duration(0)).toBe('0m')
    expect(dateFormat('fr').duration(1_620)).toBe('1j 3h')
  })
})

describe('the formats of a language', () => {
  it('are made once per language and time zone, as every row of a list reads them', () => {
    expect(dateFormat('en')).toBe(dateFormat('en'))
    expect(dateFormat('fr')).not.toBe(dateFormat('en'))
    expect(dateFormat('en', 'Europe/Paris')).toBe(dateFormat('en', 'Europe/Paris'))
    expect(dateFormat('en', 'Europe/Paris')).not.toBe(dateFormat('en'))
  })
})
