import { CirclePlus } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { href } from '#common/routes.ts'
import { BackLink } from '#web/components/layout/back-link.tsx'
import { EmptyState } from '#web/components/layout/empty-state.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { isNotFound, LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { ClusterLiveStatus } from '#web/features/clusters/components/cluster-live-status.tsx'
import { useClusterLiveUpdates } from '#web/features/clusters/hooks/use-cluster-live-updates.ts'
import { useOrder } from '#web/features/orders/api/get-order.ts'
import { OrderList } from '#web/features/orders/components/order-list.tsx'
import { OrderSummary } from '#web/features/orders/components/order-summary.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/orders.ts'

/**
 * /order-status: the organization's orders with their status; /order-status/{id} (id or
 * reference): one order, live, with its cluster's progress.
 */
export default function OrderStatusRoute() {
  const { t } = useTranslation()
  const { id } = useParams()
  useClusterLiveUpdates()
  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid gap-2">
        {id && <BackLink to={href('orderStatusList')}>{t('orders.allOrders')}</BackLink>}
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.orderStatus')}</h1>
        <p className="text-muted-foreground">{id ? t('orders.statusLead') : t('orders.listLead')}</p>
      </header>
      {id ? (
        <OneOrder id={id} />
      ) : (
        <OrderList clusterHref={(id) => href('clusterStatus', { id })} emptyAction={<ConfigureLink />} />
      )}
    </div>
  )
}

function OneOrder({ id }: { id: string }) {
  const { t } = useTranslation()
  const order = useOrder(id)
  if (order.isPending) return <LoadingBlock label={t('orders.loadingOrder')} rows={4} />
  if (order.isError && !isNotFound(order.error))
    return <LoadError title={t('orders.loadOrderFailed')} query={order} />
  if (!order.data)
    return (
      <EmptyState
        testId="order-not-found"
        title={t('orders.notFound')}
        hint={t('orders.notFoundHint')}
        action={
          <Button asChild variant="outline" size="sm">
            <Link to={href('orderStatusList')}>{t('orders.allOrders')}</Link>
          </Button>
        }
      />
    )
  return (
    <div className="grid gap-6">
      <OrderSummary order={order.data} />
      {order.data.clusterId && <ClusterLiveStatus clusterId={order.data.clusterId} />}
    </div>
  )
}

function ConfigureLink() {
  const { t } = useTranslation()
  return (
    <Button asChild size="sm">
      <Link to={href('configureCluster')}>
        <CirclePlus aria-hidden="true" />
        {t('orders.configure')}
      </Link>
    </Button>
  )
}
