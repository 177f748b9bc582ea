import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { type Order, orderSchema } from '#common/schemas/clusters.ts'
import { apiRequest, queryPath } from '#web/lib/api-client.ts'

export const OFFICER_ORDERS_PATH = '/api/officers/orders'

const orderPageSchema = z.object({ items: z.array(orderSchema), nextCursor: z.string().nullable() })

/** Orders of every organization waiting for an officer's decision, newest first. */
export const pendingOrdersQueryOptions = queryOptions({
  queryKey: [OFFICER_ORDERS_PATH],
  queryFn: async ({ signal }) =>
    orderPageSchema.parse(
      await queryPath<unknown>(`${OFFICER_ORDERS_PATH}?status=pending_approval&limit=100`, 'throw', signal),
    ),
  // Officers work the queue while customers order: keep it fresh without a reload.
  refetchInterval: 15_000,
})

export function usePendingOrders(enabled: boolean) {
  return useQuery({ ...pendingOrdersQueryOptions, enabled })
}

export type Decision = { orderId: string; approve: boolean; note: string }

export function useDecideOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, approve, note }: Decision) =>
      apiRequest<Order>('POST', `${OFFICER_ORDERS_PATH}/${orderId}/${approve ? 'approve' : 'reject'}`, {
        note: note.trim() === '' ? null : note.trim(),
      }),
    // Not awaited: the decided order leaves the queue, and its row's toast must still show.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [OFFICER_ORDERS_PATH] })
    },
  })
}
