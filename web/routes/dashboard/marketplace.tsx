import { useLocation } from 'react-router'
import { isWithin } from '#common/routes.ts'
import { ADD_ON_CATEGORIES, MIDDLEWARE_CATEGORIES } from '#common/schemas/kinds.ts'
import { useCatalog } from '#web/features/catalog/api/get-catalog.ts'
import { ProductCatalog } from '#web/features/marketplace/components/product-catalog.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/marketplace.ts'

/** /add-ons (for clusters) and /marketplace (middleware): one catalog screen, two kinds. */
export default function ProductCatalogRoute() {
  const { t } = useTranslation()
  const addOns = isWithin(useLocation().pathname, 'addOns')
  const catalog = useCatalog().data
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {addOns ? t('pages.addOns') : t('pages.marketplace')}
        </h1>
        <p className="text-muted-foreground">
          {addOns ? t('marketplace.addOnsLead') : t('marketplace.marketplaceLead')}
        </p>
      </header>
      <ProductCatalog
        key={addOns ? 'add_on' : 'middleware'}
        kind={addOns ? 'add_on' : 'middleware'}
        categories={addOns ? ADD_ON_CATEGORIES : MIDDLEWARE_CATEGORIES}
        clusterTypes={catalog?.clusterTypes ?? []}
      />
    </div>
  )
}
