import { useQueryClient } from '@tanstack/react-query'
import { leads } from '#common/contract/leads.ts'
import type { DemoBookingRequest } from '#common/schemas/leads.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { refreshAfter } from '#web/lib/api/refresh.ts'

/**
 * Books a demo; 409 when someone else booked the slot first. Whatever the answer, the free slots
 * have changed: a booking refreshes them (the contract), and so does a refusal.
 */
export function useBookDemo() {
  const queryClient = useQueryClient()
  return useApiMutation(leads.scheduleDemo, {
    input: (request: DemoBookingRequest) => ({ body: request }),
    onError: () => refreshAfter(queryClient, leads.scheduleDemo),
  })
}
