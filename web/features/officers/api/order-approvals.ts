import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { officers } from '#common/contract/officers.ts'
import type { Order } from '#common/schemas/orders.ts'
import { callApi } from '#web/lib/api/call.ts'
import { apiQuery, changesOf } from '#web/lib/api/queries.ts'
import { refreshEndpoints } from '#web/lib/api/refresh.ts'

/** Orders of every organization waiting for an officer's decision, newest first. */
export const pendingOrdersQueryOptions = {
  ...apiQuery(officers.orders, { query: { status: 'pending_approval', limit: 100 } }),
  // Officers work the queue while customers order: keep it fresh without a reload.
  refetchInterval: 15_000,
}

export function usePendingOrders(enabled: boolean) {
  return useQuery({ ...pendingOrdersQueryOptions, enabled })
}

export type Decision = { orderId: string; approve: boolean; note: string }

/**
 * Approves or declines an order. The queue refreshes before the mutation ends, and the decided
 * order's row leaves it then: what must follow a decision (its toast) goes in `onDecided`, which
 * runs whether or not the row is still there.
 */
export function useDecideOrder({
  onDecided,
}: {
  onDecided?: (order: Order, decision: Decision) => void
} = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, approve, note }: Decision) =>
      approve
        ? callApi(officers.approveOrder, {
            params: { id: orderId },
            body: { note: note.trim() === '' ? null : note.trim() },
          })
        : callApi(officers.rejectOrder, { params: { id: orderId }, body: { note: note.trim() } }),
    // Approving and declining change the same (the contract): orders, the reviews, clusters.
    meta: changesOf(officers.approveOrder),
    onSuccess: (order, decision) => onDecided?.(order, decision),
    // A refusal (another officer decided first) means the queue is stale all the same. Not
    // awaited: the row's error must show before it may leave.
    onError: () => void refreshEndpoints(queryClient, [officers.orders]),
  })
}
