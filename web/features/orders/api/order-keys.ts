import type { QueryClient } from '@tanstack/react-query'
import type { OrderStatus } from '#common/schemas/clusters.ts'

export const ORDERS_PATH = '/api/orders'

/**
 * Query keys of the orders area, general to specific; the first element is the API path, which
 * the clusters' realtime refresh matches too (an order follows its cluster).
 */
export const orderKeys = {
  all: () => [ORDERS_PATH] as const,
  lists: () => [ORDERS_PATH, 'list'] as const,
  list: (status: OrderStatus | null) => [ORDERS_PATH, 'list', { status }] as const,
  latest: () => [ORDERS_PATH, 'latest'] as const,
  detail: (id: string) => [ORDERS_PATH, 'detail', id] as const,
}

export function orderPath(id: string): string {
  return `${ORDERS_PATH}/${encodeURIComponent(id)}`
}

export function invalidateOrders(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: orderKeys.all() })
}
