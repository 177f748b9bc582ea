import type { TimeoutProvider } from '@tanstack/react-query'

/** What a browser timer waits at most (a longer delay fires at once); a later entry waits in turns. */
const LONGEST_BROWSER_DELAY_MS = 2 ** 31 - 1

/**
 * The data layer's timers on one browser timer. Every query and every reader of one starts
 * timers (when the answer grows stale, when an unused query is dropped, a poll), and a screen
 * opening sets some sixty of them in the same moment as it sends its reads; a browser that is
 * being traced (Lighthouse, the DevTools) records a stack for each, which made the task sending
 * a screen's reads the longest of its load (docs/quality.md, "the reads, the timers and the first
 * paint"). Here a timer is an entry in a list, and the browser holds one timer, for the earliest.
 *
 * A browser timer that fires runs every entry due by the moment it was set for, whatever the
 * clock says then (a clock set back must not hold a poll back by the same amount).
 */
export function coalescedTimers(): TimeoutProvider<number> {
  /** `every`: an interval's period, absent for a timeout. */
  type Entry = { at: number; run: () => void; every?: number }
  const entries = new Map<number, Entry>()
  let lastId = 0
  let armedFor = Number.POSITIVE_INFINITY
  let armed: ReturnType<typeof setTimeout> | undefined

  const arm = (at: number) => {
    if (armedFor <= at) return
    if (armed !== undefined) clearTimeout(armed)
    armedFor = at
    armed = setTimeout(() => fire(at), Math.min(LONGEST_BROWSER_DELAY_MS, Math.max(0, at - Date.now())))
  }

  const fire = (setFor: number) => {
    armed = undefined
    armedFor = Number.POSITIVE_INFINITY
    const now = Math.max(Date.now(), setFor)
    const due = [...entries].filter(([, entry]) => entry.at <= now).sort(([, a], [, b]) => a.at - b.at)
    for (const [id, entry] of due) {
      // An earlier callback may have cleared this one.
      if (entries.get(id) !== entry) continue
      if (entry.every === undefined) entries.delete(id)
      // A late interval (a sleeping tab) runs once, then keeps its period from now.
      else entry.at = entry.at + entry.every > now ? entry.at + entry.every : now + entry.every
      try {
        entry.run()
      } catch (error) {
        // Reported like a throwing browser timer's, without stopping the others due with it.
        reportError(error)
      }
    }
    let next = Number.POSITIVE_INFINITY
    for (const entry of entries.values()) next = Math.min(next, entry.at)
    if (next !== Number.POSITIVE_INFINITY) arm(next)
  }

  const add = (run: () => void, delay: number, repeats: boolean) => {
    const id = ++lastId
    const wait = Math.max(0, delay || 0)
    const entry: Entry = { at: Date.now() + wait, run, ...(repeats ? { every: Math.max(1, wait) } : {}) }
    entries.set(id, entry)
    arm(entry.at)
    return id
  }
  const remove = (id: number | undefined) => {
    if (id !== undefined) entries.delete(id)
  }

  return {
    setTimeout: (callback, delay) => add(callback, delay, false),
    clearTimeout: remove,
    setInterval: (callback, delay) => add(callback, delay, true),
    clearInterval: remove,
  }
}
