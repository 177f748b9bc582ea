import { orders } from '#common/contract/orders.ts'
import type { OrderRequest } from '#common/schemas/orders.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'

/**
 * Places the order with its `Idempotency-Key`: sending the same key and body again (a double
 * click, a retry after a lost answer) returns the order already made instead of a second one.
 * Once placed, what the contract says an order changes refreshes: the lists of orders and
 * clusters, the sidebar's counts, and the quotes (a promotion may be used up).
 */
export function usePlaceOrder() {
  return useApiMutation(orders.place, {
    input: ({ request, idempotencyKey }: { request: OrderRequest; idempotencyKey: string }) => ({
      body: request,
      headers: { 'idempotency-key': idempotencyKey },
    }),
  })
}
