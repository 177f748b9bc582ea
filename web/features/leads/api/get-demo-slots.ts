import { useQuery } from '@tanstack/react-query'
import { leads } from '#common/contract/leads.ts'
import { apiQuery } from '#web/lib/api/queries.ts'

/** The free demo slots; read fresh whenever the booking form opens, since people book them. */
export const demoSlotsQueryOptions = apiQuery(leads.demoSlots)

export function useDemoSlots() {
  return useQuery(demoSlotsQueryOptions)
}
