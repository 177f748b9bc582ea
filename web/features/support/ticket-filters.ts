import { TICKET_CATEGORIES } from '#common/schemas/kinds.ts'
import { TICKET_STATUSES } from '#common/schemas/statuses.ts'
import type { TicketListQuery } from '#common/schemas/support.ts'
import { TICKET_PRIORITIES } from '#common/schemas/ticket-priorities.ts'

/** The ticket list's filters in the address: `?status=`, `?category=` and `?priority=`. */
export function ticketFiltersFrom(searchParams: URLSearchParams): TicketListQuery {
  const pick = <Value extends string>(name: string, values: readonly Value[]) => {
    const value = searchParams.get(name)
    return (values as readonly string[]).includes(value ?? '') ? (value as Value) : undefined
  }
  return {
    status: pick('status', TICKET_STATUSES),
    category: pick('category', TICKET_CATEGORIES),
    priority: pick('priority', TICKET_PRIORITIES),
  }
}

export function searchParamsWithTicketFilters(
  current: URLSearchParams,
  filters: TicketListQuery,
): URLSearchParams {
  const next = new URLSearchParams(current)
  for (const name of ['status', 'category', 'priority'] as const) {
    const value = filters[name]
    if (value) next.set(name, value)
    else next.delete(name)
  }
  return next
}
