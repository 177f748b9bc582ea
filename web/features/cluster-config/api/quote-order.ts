import { queryOptions, skipToken } from '@tanstack/react-query'
import { orders } from '#common/contract/orders.ts'
import type { OrderRequest } from '#common/schemas/orders.ts'
import { callApi } from '#web/lib/api/call.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'

/**
 * The server's price of an order, promotion decided, and what its invoice charges: a POST read
 * as a query, one per request body — asking again for the same order reuses the answer. Without
 * a request (the draft is incomplete) nothing is asked.
 */
export function orderQuoteQueryOptions(request: OrderRequest | null) {
  const input = request === null ? undefined : { body: request }
  return queryOptions({
    queryKey: apiKey(orders.quote, input),
    queryFn: input ? ({ signal }) => callApi(orders.quote, input, { signal }) : skipToken,
    meta: readsOf(orders.quote),
    staleTime: 30_000,
  })
}
