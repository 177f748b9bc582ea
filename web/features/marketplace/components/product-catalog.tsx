import { BadgeCheck, PackageSearch } from 'lucide-react'
import { useEffect, useId } from 'react'
import { catalog as catalogEndpoints } from '#common/contract/catalog.ts'
import { pathOf } from '#common/contract/endpoint.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import type { ProductKind, ProductSummary } from '#common/schemas/products.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ResponsiveImage } from '#web/components/ui/responsive-image.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SearchInput } from '#web/components/ui/search-input.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/cn.ts'
import { onDemand, startLoading } from '#web/lib/on-demand.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useSearchParamFilters } from '#web/lib/use-search-param-filters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { Messages } from '#web/locales/en.ts'
import { useProducts } from '../api/products.ts'
import {
  type CatalogFilters,
  catalogFiltersFrom,
  filterProducts,
  searchParamsWithCatalogFilters,
} from '../catalog-filters.ts'
import '#web/lib/strings/marketplace.ts'

/**
 * A product's sheet, with its installation form, loads once the list has shown (or when a card is
 * reached for): the list shows without the sheet's dialog library.
 */
const productSheet = onDemand(() => import('./product-detail-sheet.tsx'))

/**
 * /add-ons and /marketplace: the products of one kind, searched and narrowed by category (both
 * kept in the address), each opening its detail view (`?product=`).
 */
export function ProductCatalog({
  kind,
  categories,
  clusterTypes,
}: {
  kind: ProductKind
  categories: readonly string[]
  clusterTypes: Catalog['clusterTypes']
}) {
  const { t } = useTranslation()
  const id = useId()
  const sheet = productSheet.useModule()
  const [filters, setFilters] = useSearchParamFilters<CatalogFilters>(
    catalogFiltersFrom,
    searchParamsWithCatalogFilters,
  )
  // A product opened by its address comes at once, not when the page is idle.
  useEffect(() => {
    if (filters.product) startLoading(productSheet)
  }, [filters.product])
  const products = useProducts(kind)
  const shown = products.data ? filterProducts(products.data, filters) : []
  const filtered = filters.query.trim() !== '' || filters.category !== null

  return (
    <div className="grid gap-5">
      <div className="grid gap-3">
        <label htmlFor={`${id}-search`} className="sr-only">
          {t('marketplace.search')}
        </label>
        <SearchInput
          id={`${id}-search`}
          placeholder={t('marketplace.searchPlaceholder')}
          value={filters.query}
          onChange={(event) => setFilters({ ...filters, query: event.target.value })}
        />
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t('marketplace.categories')}</legend>
          {[null, ...categories].map((category) => (
            <Button
              key={category ?? 'all'}
              type="button"
              size="sm"
              variant={filters.category === category ? 'default' : 'outline'}
              aria-pressed={filters.category === category}
              onClick={() => setFilters({ ...filters, category })}
            >
              {category
                ? t(`marketplace.category.${category as CategoryKey}`)
                : t('marketplace.allCategories')}
            </Button>
          ))}
        </fieldset>
      </div>

      {products.isPending ? (
        <LoadingBlock label={t('marketplace.loading')} rows={3} />
      ) : products.isError ? (
        <LoadError title={t('marketplace.loadFailed')} query={products} />
      ) : shown.length === 0 ? (
        <div
          className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6"
          data-testid="products-empty"
        >
          <PackageSearch className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">{t('marketplace.empty')}</p>
          {filtered && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setFilters({ query: '', category: null, product: null })}
            >
              {t('marketplace.clearFilters')}
            </Button>
          )}
        </div>
      ) : (
        <ul
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
          aria-label={t('marketplace.results', { count: shown.length })}
        >
          {shown.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} onOpen={() => setFilters({ ...filters, product: product.id })} />
            </li>
          ))}
        </ul>
      )}
      {sheet && (
        <sheet.ProductDetailSheet
          productId={filters.product}
          onClose={() => setFilters({ ...filters, product: null })}
          clusterTypes={clusterTypes}
        />
      )}
    </div>
  )
}

type CategoryKey = keyof Messages['marketplace']['category']

function ProductCard({ product, onOpen }: { product: ProductSummary; onOpen: () => void }) {
  const { t } = useTranslation()
  const money = useMoney()
  return (
    <button
      type="button"
      onClick={onOpen}
      onPointerEnter={() => startLoading(productSheet)}
      onFocus={() => startLoading(productSheet)}
      className={cn(
        'grid h-full w-full content-start gap-2 rounded-xl border bg-card p-4 text-left shadow-sm transition-colors',
        'hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
      )}
      data-testid={`product-${product.id}`}
    >
      <span className="flex items-start justify-between gap-2">
        <span className="flex items-center gap-3">
          <ResponsiveImage
            src={pathOf(catalogEndpoints.productLogo, { id: product.id })}
            kind="productLogo"
            alt=""
            className="size-10 rounded-lg"
          />
          <span className="font-semibold">{product.name}</span>
        </span>
        <Badge variant="outline">{t(`marketplace.category.${product.category as CategoryKey}`)}</Badge>
      </span>
      <span className="text-sm text-muted-foreground">{product.description}</span>
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1">
          {product.publisher.verified && <BadgeCheck className="size-4 text-success" aria-hidden="true" />}
          {product.publisher.name}
          {product.publisher.verified && <span className="sr-only">{t('marketplace.verified')}</span>}
        </span>
        <span className="text-muted-foreground">v{product.latestVersion}</span>
      </span>
      <span className="font-medium tabular-nums">
        {product.fromMonthlyPriceCents === 0
          ? t('marketplace.included')
          : t('marketplace.fromPerMonth', { amount: money.cents(product.fromMonthlyPriceCents) })}
      </span>
    </button>
  )
}
