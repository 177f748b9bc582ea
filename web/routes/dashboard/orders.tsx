import { CirclePlus } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useClusterLiveUpdates } from '#web/features/clusters/hooks/use-cluster-live-updates.ts'
import { OrderList } from '#web/features/orders/components/order-list.tsx'
import { pageFor } from '#web/lib/paths.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/orders.ts'

/** /orders and /orders/clusters: the organization's cluster orders. */
export default function OrdersRoute() {
  const { t } = useTranslation()
  useClusterLiveUpdates()
  const title = t(pageFor(useLocation().pathname)?.title ?? 'pages.orders')
  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground">{t('orders.dashboardLead')}</p>
        </div>
        <Button asChild className="self-start sm:self-auto">
          <Link to={href('configureCluster')}>
            <CirclePlus aria-hidden="true" />
            {t('orders.configure')}
          </Link>
        </Button>
      </header>
      <OrderList clusterHref={(id) => href('clusterDetail', { id })} />
    </div>
  )
}
