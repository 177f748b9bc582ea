/**
 * The UTC hours and months billing counts in. A month is named "2026-10" (monthOf) where it is a
 * key (an invoice's source, a query), and is a Date at its first instant where it is a bound.
 */

export const HOUR_MS = 3_600_000
export const DAY_MS = 86_400_000

export function startOfHour(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS)
}

/** The first instant of the month a moment falls in, UTC. */
export function startOfMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1))
}

export function startOfNextMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))
}

/** The name of the month a moment falls in, UTC: "2026-10". */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7)
}

/** A month's name ("2026-10", as monthOf writes it) → the first instant of that month, UTC. */
export function startOfNamedMonth(month: string): Date {
  const [year, monthNumber] = month.split('-').map(Number)
  return new Date(Date.UTC(year!, monthNumber! - 1, 1))
}
