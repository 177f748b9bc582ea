import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { orders } from '#common/contract/orders.ts'
import type { OrderStatus } from '#common/schemas/orders.ts'
import { queryApi, type ResultOf } from '#web/lib/api/call.ts'
import { readsOf } from '#web/lib/api/queries.ts'
import { orderKeys, orderListQuery } from './order-keys.ts'

export type OrderPage = ResultOf<typeof orders.list>

/** The organization's cluster orders, newest first, optionally of one status. */
export function ordersQueryOptions(status: OrderStatus | null) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      queryApi(
        orders.list,
        { query: { ...orderListQuery(status), cursor: pageParam ?? undefined } },
        { signal },
      ),
    meta: readsOf(orders.list),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export function useOrders(status: OrderStatus | null) {
  return useInfiniteQuery(ordersQueryOptions(status))
}
