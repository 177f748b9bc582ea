import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Order } from '#common/schemas/clusters.ts'
import { queryPath } from '#web/lib/api-client.ts'
import type { OrderPage } from './get-orders.ts'
import { ORDERS_PATH, orderKeys, orderPath } from './order-keys.ts'

/** An order waiting for an officer is asked for again this often (the realtime message may come first). */
export const PENDING_ORDER_POLL_MS = 10_000

/** Pages of the list looked through to find an order by its reference (ORD-2026-000123). */
const REFERENCE_SEARCH_PAGES = 5

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * GET /api/orders/{id}: one order. A reference instead of an id is looked up in the organization's
 * list, so a link written with the reference works too and an unknown one reads as "not found".
 */
export function orderQueryOptions(idOrReference: string) {
  return queryOptions({
    queryKey: orderKeys.detail(idOrReference),
    queryFn: ({ signal }) =>
      UUID.test(idOrReference)
        ? queryPath<Order>(orderPath(idOrReference), 'throw', signal)
        : findByReference(idOrReference, signal),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending_approval' ? PENDING_ORDER_POLL_MS : false,
  })
}

export function useOrder(idOrReference: string | undefined) {
  return useQuery({ ...orderQueryOptions(idOrReference ?? ''), enabled: Boolean(idOrReference) })
}

/** GET /api/orders?limit=1: the organization's most recent order, or null when it has none. */
export function latestOrderQueryOptions() {
  return queryOptions({
    queryKey: orderKeys.latest(),
    queryFn: async ({ signal }) =>
      (await queryPath<OrderPage>(`${ORDERS_PATH}?limit=1`, 'throw', signal))?.items[0] ?? null,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending_approval' ? PENDING_ORDER_POLL_MS : false,
  })
}

export function useLatestOrder(options: { enabled: boolean }) {
  return useQuery({ ...latestOrderQueryOptions(), enabled: options.enabled })
}

async function findByReference(reference: string, signal: AbortSignal): Promise<Order | null> {
  let cursor: string | null = null
  for (let page = 0; page < REFERENCE_SEARCH_PAGES; page++) {
    const query = new URLSearchParams({ limit: '100' })
    if (cursor) query.set('cursor', cursor)
    const result: OrderPage | null = await queryPath<OrderPage>(`${ORDERS_PATH}?${query}`, 'throw', signal)
    const found = result?.items.find((order) => order.reference.toLowerCase() === reference.toLowerCase())
    if (found) return found
    cursor = result?.nextCursor ?? null
    if (!cursor) break
  }
  return null
}
