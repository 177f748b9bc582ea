import { queryOptions, useQuery } from '@tanstack/react-query'
import { orders } from '#common/contract/orders.ts'
import type { Order } from '#common/schemas/orders.ts'
import { queryApi } from '#web/lib/api/call.ts'
import { readsOf } from '#web/lib/api/queries.ts'
import { orderKeys } from './order-keys.ts'

/** An order waiting for an officer is asked for again this often (the realtime message may come first). */
export const PENDING_ORDER_POLL_MS = 10_000

/** Pages of the list looked through to find an order by its reference (ORD-2026-000123). */
const REFERENCE_SEARCH_PAGES = 5
const REFERENCE_SEARCH_PAGE_SIZE = 100

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * One order. A reference instead of an id is looked up in the organization's list, so a link
 * written with the reference works too and an unknown one reads as "not found".
 */
export function orderQueryOptions(idOrReference: string) {
  return queryOptions({
    queryKey: orderKeys.detail(idOrReference),
    queryFn: ({ signal }): Promise<Order | null> =>
      UUID.test(idOrReference)
        ? queryApi(orders.get, { params: { id: idOrReference } }, { signal })
        : findByReference(idOrReference, signal),
    meta: readsOf(orders.get),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending_approval' ? PENDING_ORDER_POLL_MS : false,
  })
}

export function useOrder(idOrReference: string | undefined) {
  return useQuery({ ...orderQueryOptions(idOrReference ?? ''), enabled: Boolean(idOrReference) })
}

/** The organization's most recent order, or null when it has none. */
export function latestOrderQueryOptions() {
  return queryOptions({
    queryKey: orderKeys.latest(),
    queryFn: async ({ signal }) =>
      (await queryApi(orders.list, { query: { limit: 1 } }, { signal })).items[0] ?? null,
    meta: readsOf(orders.list),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending_approval' ? PENDING_ORDER_POLL_MS : false,
  })
}

export function useLatestOrder(options: { enabled: boolean }) {
  return useQuery({ ...latestOrderQueryOptions(), enabled: options.enabled })
}

async function findByReference(reference: string, signal: AbortSignal): Promise<Order | null> {
  let cursor: string | undefined
  for (let page = 0; page < REFERENCE_SEARCH_PAGES; page++) {
    const result = await queryApi(
      orders.list,
      { query: { limit: REFERENCE_SEARCH_PAGE_SIZE, cursor } },
      { signal },
    )
    const found = result.items.find((order) => order.reference.toLowerCase() === reference.toLowerCase())
    if (found) return found
    cursor = result.nextCursor ?? undefined
    if (!cursor) break
  }
  return null
}
