import { useTranslation } from '#web/lib/use-translation.tsx'

/*
 * The app's one way to show a time: the shapes the screens use, in the interface language, from
 * ISO timestamps or dates. Components never call toLocaleString or build a formatter themselves.
 */

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS
/** From this age on a relative time shows the date instead. */
const RELATIVE_DAYS = 7

/** The words "Just now" of each language; the rest comes from Intl.RelativeTimeFormat. */
const JUST_NOW: Record<string, string> = { en: 'Just now', fr: 'À l’instant' }

export type DateInput = Date | string | number

export type DateFormat = ReturnType<typeof makeDateFormat>

/** The locale whose date words and order a language's visitors read. */
const LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-FR' }

/**
 * The formats of a language (`en`, `fr`), in the browser's time zone or the one given (a demo's
 * slots are shown in Paris time wherever the visitor is). Made once per language and time zone:
 * its dozen Intl formatters cost some 0.8 ms to make, which every row of a list paid. Each
 * formatter is made on its first use: the first of a page loads the locale's data, some 20 ms on
 * a phone, and a screen uses two or three of the dozen.
 */
export function dateFormat(language: string, timeZone?: string): DateFormat {
  const key = `${language} ${timeZone ?? ''}`
  let format = dateFormats.get(key)
  if (!format) {
    format = makeDateFormat(language, timeZone)
    dateFormats.set(key, format)
  }
  return format
}

const dateFormats = new Map<string, DateFormat>()

function makeDateFormat(language: string, timeZone?: string) {
  const base = language.split('-')[0] ?? 'en'
  const locale = LOCALES[base] ?? LOCALES.en!
  const formatter = (options: Intl.DateTimeFormatOptions) => {
    const format = madeOnFirstUse(() => new Intl.DateTimeFormat(locale, { timeZone, ...options }))
    return (value: DateInput) => format().format(toDate(value))
  }
  const relative = madeOnFirstUse(() => new Intl.RelativeTimeFormat(locale, { numeric: 'always' }))
  const dayParts = madeOnFirstUse(
    () => new Intl.DateTimeFormat('en', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  )
  const shortDate = formatter({ year: 'numeric', month: 'numeric', day: 'numeric' })
  const unitFormat = (unit: 'day' | 'hour' | 'minute') =>
    madeOnFirstUse(() => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }))
  const units = { day: unitFormat('day'), hour: unitFormat('hour'), minute: unitFormat('minute') }
  return {
    /** 1d 3h, 2h 15m, 40m: a span of minutes in its two largest units. */
    duration: (minutes: number) => {
      const whole = Math.max(0, Math.round(minutes))
      const parts = [
        ['day', Math.floor(whole / 1440)],
        ['hour', Math.floor((whole % 1440) / 60)],
        ['minute', whole % 60],
      ] as const
      const shown = parts.filter(([, value]) => value > 0).slice(0, 2)
      if (shown.length === 0) return units.minute().format(0)
      return shown.map(([unit, value]) => units[unit]().format(value)).join(' ')
    },
    /** 24 Nov 2026 */
    date: formatter({ dateStyle: 'medium' }),
    /** 24 November 2026, of a calendar date kept in UTC (a version's end of life). */
    calendarDate: formatter({ dateStyle: 'long', timeZone: 'UTC' }),
    /** 24 Nov 2026, 14:05 */
    dateTime: formatter({ dateStyle: 'medium', timeStyle: 'short' }),
    /** 14:05:09 */
    time: formatter({ timeStyle: 'medium' }),
    /** 09:30 */
    hourMinute: formatter({ hour: '2-digit', minute: '2-digit' }),
    /** Thu 14 Jan */
    shortDay: formatter({ weekday: 'short', day: 'numeric', month: 'short' }),
    /** Thursday, 14 January 2027 at 09:30 */
    fullDateTime: formatter({ dateStyle: 'full', timeStyle: 'short' }),
    /** 2027-01-14: the day of an instant, sortable, in the time zone. */
    dayKey: (value: DateInput) => {
      const parts = Object.fromEntries(
        dayParts()
          .formatToParts(toDate(value))
          .map((part) => [part.type, part.value]),
      )
      return `${parts.year}-${parts.month}-${parts.day}`
    },
    /**
     * "Just now" under a minute, then minutes, hours and days ago; from 7 days on, the date.
     */
    relative: (value: DateInput, now: DateInput = Date.now()) => {
      const date = toDate(value)
      const elapsed = Math.max(0, toDate(now).getTime() - date.getTime())
      if (elapsed < MINUTE_MS) return JUST_NOW[base] ?? JUST_NOW.en!
      if (elapsed < HOUR_MS) return capitalise(relative().format(-Math.floor(elapsed / MINUTE_MS), 'minute'))
      if (elapsed < DAY_MS) return capitalise(relative().format(-Math.floor(elapsed / HOUR_MS), 'hour'))
      if (elapsed < RELATIVE_DAYS * DAY_MS)
        return capitalise(relative().format(-Math.floor(elapsed / DAY_MS), 'day'))
      return shortDate(date)
    },
  }
}

/** The formats of the interface language (in a time zone, when given). */
export function useDateFormat(timeZone?: string): DateFormat {
  const { i18n } = useTranslation()
  return dateFormat(i18n.language, timeZone)
}

/** A value made by `make` when first asked for, then kept. */
function madeOnFirstUse<T>(make: () => T): () => T {
  let made: T | undefined
  return () => {
    made ??= make()
    return made
  }
}

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value)
}

/** "il y a 5 minutes" begins a line as "Il y a 5 minutes". */
function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1)
}
