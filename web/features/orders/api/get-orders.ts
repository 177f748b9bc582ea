import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { Order, OrderStatus } from '#common/schemas/clusters.ts'
import { queryPath } from '#web/lib/api-client.ts'
import { ORDERS_PATH, orderKeys } from './order-keys.ts'

export const ORDERS_PAGE_SIZE = 20

export type OrderPage = { items: Order[]; nextCursor: string | null }

/** GET /api/orders: the organization's orders, newest first, optionally of one status. */
export function ordersQueryOptions(status: OrderStatus | null) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(status),
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(ORDERS_PAGE_SIZE) })
      // This list is of cluster orders; product orders are listed with their installations.
      query.set('kind', 'cluster')
      if (status) query.set('status', status)
      if (pageParam) query.set('cursor', pageParam)
      return (
        (await queryPath<OrderPage>(`${ORDERS_PATH}?${query}`, 'throw', signal)) ?? {
          items: [],
          nextCursor: null,
        }
      )
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export function useOrders(status: OrderStatus | null) {
  return useInfiniteQuery(ordersQueryOptions(status))
}
