import { queryOptions, useQuery } from '@tanstack/react-query'
import type { DemoSlotsResponse } from '#common/schemas/leads.ts'
import { queryPath } from '#web/lib/api-client.ts'

export const DEMO_SLOTS_PATH = '/api/leads/demo-slots'

/** The free demo slots; read fresh whenever the booking form opens, since people book them. */
export const demoSlotsQueryOptions = queryOptions({
  queryKey: [DEMO_SLOTS_PATH],
  queryFn: async ({ signal }) => (await queryPath<DemoSlotsResponse>(DEMO_SLOTS_PATH, 'throw', signal))!,
})

export function useDemoSlots() {
  return useQuery(demoSlotsQueryOptions)
}
