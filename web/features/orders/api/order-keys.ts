import { orders } from '#common/contract/orders.ts'
import type { OrderStatus } from '#common/schemas/orders.ts'
import { apiKey } from '#web/lib/api/queries.ts'

export const ORDERS_PAGE_SIZE = 20

/** The list's query: cluster orders only (product orders are listed with their installations). */
export const orderListQuery = (status: OrderStatus | null) =>
  ({ limit: ORDERS_PAGE_SIZE, kind: 'cluster', status: status ?? undefined }) as const

/**
 * Query keys of the orders area: the contract's endpoints they read. Every one reads `orders`,
 * which a placed or cancelled order and the clusters' realtime messages refresh.
 */
export const orderKeys = {
  list: (status: OrderStatus | null) => apiKey(orders.list, { query: orderListQuery(status) }),
  /** The most recent order alone: the list's first item, not a page. */
  latest: () => apiKey(orders.list, { query: { limit: 1 } }, 'latest'),
  /** An order by its id, or by its reference (looked up in the list). */
  detail: (idOrReference: string) => apiKey(orders.get, { params: { id: idOrReference } }),
}
