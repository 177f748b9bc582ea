import type { ProductSummary } from '#common/schemas/products.ts'

/** The catalog's filters in the address: `?q=` (search), `?category=`, and `?product=` (the one open). */
export type CatalogFilters = { query: string; category: string | null; product: string | null }

export function catalogFiltersFrom(searchParams: URLSearchParams): CatalogFilters {
  return {
    query: searchParams.get('q') ?? '',
    category: searchParams.get('category') || null,
    product: searchParams.get('product') || null,
  }
}

export function searchParamsWithCatalogFilters(
  current: URLSearchParams,
  filters: CatalogFilters,
): URLSearchParams {
  const next = new URLSearchParams(current)
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key))
  set('q', filters.query.trim() === '' ? null : filters.query)
  set('category', filters.category)
  set('product', filters.product)
  return next
}

/** Products matching every word of the search (name, description, publisher) and the category. */
export function filterProducts(products: ProductSummary[], filters: CatalogFilters): ProductSummary[] {
  const words = filters.query.toLowerCase().split(/\s+/).filter(Boolean)
  return products.filter((product) => {
    if (filters.category && product.category !== filters.category) return false
    const text =
      `${product.name} ${product.description} ${product.publisher.name} ${product.category}`.toLowerCase()
    return words.every((word) => text.includes(word))
  })
}
