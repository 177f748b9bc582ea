import { queryOptions, useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { catalog } from '#common/contract/catalog.ts'
import { parseLanguage } from '#common/language.ts'
import type { Product, ProductKind, ProductSummary } from '#common/schemas/products.ts'
import { apiQuery } from '#web/lib/api/queries.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { productInLanguage, sheetText } from '../product-language.ts'

/** As long as the server lets browsers keep it (`cache-control: max-age=300`). */
const PRODUCTS_STALE_MS = 5 * 60 * 1000

export function productsQueryOptions(kind: ProductKind) {
  return queryOptions({ ...apiQuery(catalog.products, { query: { kind } }), staleTime: PRODUCTS_STALE_MS })
}

export function productQueryOptions(id: string) {
  return queryOptions({ ...apiQuery(catalog.product, { params: { id } }), staleTime: PRODUCTS_STALE_MS })
}

/** The products as read in the interface's language (product-language.ts). */
function useLanguage() {
  const { i18n } = useTranslation()
  return parseLanguage(i18n.language) ?? 'en'
}

export function useProducts(kind: ProductKind) {
  const language = useLanguage()
  const select = useCallback(
    (products: ProductSummary[]) => products.map((product) => productInLanguage(product, language)),
    [language],
  )
  return useQuery({ ...productsQueryOptions(kind), select })
}

/** The product sheet's words in the interface's language, for its settings form. */
export function useSheetText(product: ProductSummary | Product): (text: string) => string {
  const language = useLanguage()
  return useMemo(() => sheetText(product, language), [product, language])
}

export function useProduct(id: string | null) {
  const language = useLanguage()
  const select = useCallback((product: Product) => productInLanguage(product, language), [language])
  return useQuery({ ...productQueryOptions(id ?? ''), enabled: id !== null, select })
}
