import type { DemoSlot } from '#common/schemas/leads.ts'
import { dateFormat } from '#web/lib/format-date.ts'

/** The demo slots grouped by their day in the slots' time zone, in order. */
export type DemoDay = { key: string; slots: DemoSlot[] }

export function groupSlotsByDay(slots: readonly DemoSlot[], timeZone: string): DemoDay[] {
  const { dayKey } = dateFormat('en', timeZone)
  const days = new Map<string, DemoSlot[]>()
  for (const slot of slots) {
    const key = dayKey(slot.start)
    days.set(key, [...(days.get(key) ?? []), slot])
  }
  return [...days].map(([key, daySlots]) => ({ key, slots: daySlots }))
}
