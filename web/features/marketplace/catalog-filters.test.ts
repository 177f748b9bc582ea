import { describe, expect, it } from 'vitest'
import type { ProductSummary } from '#common/schemas/products.ts'
import { catalogFiltersFrom, filterProducts, searchParamsWithCatalogFilters } from './catalog-filters.ts'

const product = (id: string, category: 'database' | 'cache', description: string): ProductSummary => ({
  kind: 'middleware',
  id,
  name: id,
  category,
  description,
  fromMonthlyPriceCents: 100,
  latestVersion: '1',
  publisher: { name: 'Someone', verified: true },
})
const products = [
  product('postgresql', 'database', 'Highly available PostgreSQL'),
  product('valkey', 'cache', 'Redis-compatible cache'),
]

describe('catalog filters', () => {
  it('match every word of the search and the category', () => {
    const none = { query: '', category: null, product: null }
    expect(filterProducts(products, none)).toHaveLength(2)
    expect(filterProducts(products, { ...none, query: 'redis CACHE' }).map((entry) => entry.id)).toEqual([
      'valkey',
    ])
    expect(filterProducts(products, { ...none, category: 'database' }).map((entry) => entry.id)).toEqual([
      'postgresql',
    ])
    expect(filterProducts(products, { ...none, query: 'redis', category: 'database' })).toEqual([])
  })

  it('live in the address, an empty search leaving no trace', () => {
    const written = searchParamsWithCatalogFilters(new URLSearchParams('q=old'), {
      query: ' ',
      category: 'cache',
      product: 'valkey',
    })
    expect(written.toString()).toBe('category=cache&product=valkey')
    expect(catalogFiltersFrom(written)).toEqual({ query: '', category: 'cache', product: 'valkey' })
  })
})
