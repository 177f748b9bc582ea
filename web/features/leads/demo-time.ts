import type { DemoSlot } from '#common/schemas/leads.ts'

/** The locale whose date words and order a language's visitors read. */
const LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-FR' }
const localeOf = (language: string) => LOCALES[language] ?? 'en-GB'

/** The demo slots grouped by their day in the slots' time zone, in order. */
export type DemoDay = { key: string; slots: DemoSlot[] }

export function groupSlotsByDay(slots: readonly DemoSlot[], timeZone: string): DemoDay[] {
  // en-CA writes dates as YYYY-MM-DD: a sortable key for the day.
  const dayKey = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  const days = new Map<string, DemoSlot[]>()
  for (const slot of slots) {
    const key = dayKey.format(new Date(slot.start))
    days.set(key, [...(days.get(key) ?? []), slot])
  }
  return [...days].map(([key, daySlots]) => ({ key, slots: daySlots }))
}

/** "Thu 14 Jan" / "jeu. 14 janv." */
export function formatSlotDay(start: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(start))
}

/** "09:30" */
export function formatSlotTime(start: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(start),
  )
}

/** "Thursday, 14 January 2027 at 09:30" / "jeudi 14 janvier 2027 à 09:30" */
export function formatSlotDateTime(start: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(start))
}
