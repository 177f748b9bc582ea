import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DemoBookingReceipt, DemoBookingRequest } from '#common/schemas/leads.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { demoSlotsQueryOptions } from './get-demo-slots.ts'

/** POST /api/leads/schedule-demo: 409 when someone else booked the slot first. */
export function bookDemo(request: DemoBookingRequest): Promise<DemoBookingReceipt> {
  return apiRequest<DemoBookingReceipt>('POST', '/api/leads/schedule-demo', request)
}

/** Whatever the answer, the free slots have changed: the list is read again. */
export function useBookDemo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bookDemo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: demoSlotsQueryOptions.queryKey }),
  })
}
