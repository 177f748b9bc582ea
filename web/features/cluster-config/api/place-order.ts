import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type Order, type OrderRequest, orderSchema } from '#common/schemas/clusters.ts'
import { apiRequest } from '#web/lib/api-client.ts'

export const ORDERS_PATH = '/api/orders'

/**
 * POST /api/orders with its `Idempotency-Key`: sending the same key and body again (a double
 * click, a retry after a lost answer) returns the order already made instead of a second one.
 */
export async function placeOrder({
  request,
  idempotencyKey,
}: {
  request: OrderRequest
  idempotencyKey: string
}): Promise<Order> {
  const order = await apiRequest<unknown>('POST', ORDERS_PATH, request, {
    headers: { 'Idempotency-Key': idempotencyKey },
  })
  return orderSchema.parse(order)
}

export function usePlaceOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: placeOrder,
    // Lists of orders and clusters and the sidebar's counts hold one more; quotes may lose PARIS.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' &&
          /^\/api\/(orders|clusters|sidebar-counts)/.test(query.queryKey[0]),
      }),
  })
}
