import { queryOptions } from '@tanstack/react-query'
import { type OrderQuote, type OrderRequest, orderQuoteSchema } from '#common/schemas/clusters.ts'
import { apiRequest } from '#web/lib/api-client.ts'

export const ORDER_QUOTE_PATH = '/api/orders/quote'

/** POST /api/orders/quote: the server's price of an order, promotion decided, and what its invoice charges. */
export async function quoteOrder(request: OrderRequest, signal?: AbortSignal): Promise<OrderQuote> {
  return orderQuoteSchema.parse(await apiRequest<unknown>('POST', ORDER_QUOTE_PATH, request, { signal }))
}

/** A quote per request body: asking again for the same order reuses the answer. */
export function orderQuoteQueryOptions(request: OrderRequest | null) {
  return queryOptions({
    queryKey: [ORDER_QUOTE_PATH, request],
    queryFn: ({ signal }) => quoteOrder(request!, signal),
    enabled: request !== null,
    staleTime: 30_000,
  })
}
