import { queryOptions, useQuery } from '@tanstack/react-query'
import { catalog } from '#common/contract/catalog.ts'
import type { ProductKind } from '#common/schemas/products.ts'
import { apiQuery } from '#web/lib/api/queries.ts'

/** As long as the server lets browsers keep it (`cache-control: max-age=300`). */
const PRODUCTS_STALE_MS = 5 * 60 * 1000

export function productsQueryOptions(kind: ProductKind) {
  return queryOptions({ ...apiQuery(catalog.products, { query: { kind } }), staleTime: PRODUCTS_STALE_MS })
}

export function productQueryOptions(id: string) {
  return queryOptions({ ...apiQuery(catalog.product, { params: { id } }), staleTime: PRODUCTS_STALE_MS })
}

export const useProducts = (kind: ProductKind) => useQuery(productsQueryOptions(kind))
export const useProduct = (id: string | null) =>
  useQuery({ ...productQueryOptions(id ?? ''), enabled: id !== null })
