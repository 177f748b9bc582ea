import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Product, ProductKind, ProductSummary } from '#common/schemas/products.ts'
import { queryPath } from '#web/lib/api-client.ts'

export const PRODUCTS_PATH = '/api/products'
/** As long as the server lets browsers keep it (`cache-control: max-age=300`). */
const PRODUCTS_STALE_MS = 5 * 60 * 1000

export function productsQueryOptions(kind: ProductKind) {
  return queryOptions({
    queryKey: [PRODUCTS_PATH, 'list', kind],
    queryFn: async ({ signal }) =>
      (await queryPath<ProductSummary[]>(`${PRODUCTS_PATH}?kind=${kind}`, 'throw', signal))!,
    staleTime: PRODUCTS_STALE_MS,
  })
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: [PRODUCTS_PATH, 'detail', id],
    queryFn: async ({ signal }) =>
      (await queryPath<Product>(`${PRODUCTS_PATH}/${encodeURIComponent(id)}`, 'throw', signal))!,
    staleTime: PRODUCTS_STALE_MS,
  })
}

export const useProducts = (kind: ProductKind) => useQuery(productsQueryOptions(kind))
export const useProduct = (id: string | null) =>
  useQuery({ ...productQueryOptions(id ?? ''), enabled: id !== null })
