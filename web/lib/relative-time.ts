const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export type RelativeTimeLabels = {
  justNow: string
  minutes: (count: number) => string
  hours: (count: number) => string
  days: (count: number) => string
  date: (date: Date) => string
}

/** "Just now" under 60 s, then minutes, hours, days; from 7 days on, the date (spec §9). */
export function relativeTime(
  timestamp: Date | string,
  labels: RelativeTimeLabels,
  now: Date = new Date(),
): string {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : timestamp
  const elapsed = Math.max(0, now.getTime() - date.getTime())
  if (elapsed < MINUTE) return labels.justNow
  if (elapsed < HOUR) return labels.minutes(Math.floor(elapsed / MINUTE))
  if (elapsed < DAY) return labels.hours(Math.floor(elapsed / HOUR))
  if (elapsed < 7 * DAY) return labels.days(Math.floor(elapsed / DAY))
  return labels.date(date)
}

export const englishRelativeTime: RelativeTimeLabels = {
  justNow: 'Just now',
  minutes: (count) => `${count} minute${count === 1 ? '' : 's'} ago`,
  hours: (count) => `${count} hour${count === 1 ? '' : 's'} ago`,
  days: (count) => `${count} day${count === 1 ? '' : 's'} ago`,
  date: (date) => date.toLocaleDateString('en-US'),
}

export const frenchRelativeTime: RelativeTimeLabels = {
  justNow: 'À l’instant',
  minutes: (count) => `Il y a ${count} minute${count === 1 ? '' : 's'}`,
  hours: (count) => `Il y a ${count} heure${count === 1 ? '' : 's'}`,
  days: (count) => `Il y a ${count} jour${count === 1 ? '' : 's'}`,
  date: (date) => date.toLocaleDateString('fr-FR'),
}

/** The labels of the interface language; English for any language without its own. */
export function relativeTimeLabels(language: string | undefined): RelativeTimeLabels {
  return language?.startsWith('fr') ? frenchRelativeTime : englishRelativeTime
}
