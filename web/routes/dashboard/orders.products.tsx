import { Link, useLocation } from 'react-router'
import { href, isWithin } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { InstallationList } from '#web/features/marketplace/components/installation-list.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/installations.ts'

/** /orders/products (middleware) and /orders/addons: the organization's installations of a kind. */
export default function InstallationsRoute() {
  const { t } = useTranslation()
  const addOns = isWithin(useLocation().pathname, 'addOnOrders')
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {addOns ? t('pages.addonOrders') : t('pages.productOrders')}
          </h1>
          <p className="text-muted-foreground">
            {addOns ? t('installations.list.addOnsLead') : t('installations.list.productsLead')}
          </p>
        </div>
        <Button asChild variant="outline" className="self-start sm:self-auto">
          <Link to={href(addOns ? 'addOns' : 'marketplace')}>
            {addOns ? t('installations.list.browseAddOns') : t('installations.list.browseMarketplace')}
          </Link>
        </Button>
      </header>
      <InstallationList key={addOns ? 'add_on' : 'middleware'} kind={addOns ? 'add_on' : 'middleware'} />
    </div>
  )
}
