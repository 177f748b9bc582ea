import { CirclePlus, ListOrdered } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { href } from '#common/routes.ts'
import { EmptyState } from '#web/components/layout/empty-state.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { isNotFound, LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { ClusterLiveStatus } from '#web/features/clusters/components/cluster-live-status.tsx'
import { useClusterLiveUpdates } from '#web/features/clusters/hooks/use-cluster-live-updates.ts'
import { useLatestOrder, useOrder } from '#web/features/orders/api/get-order.ts'
import { OrderSummary } from '#web/features/orders/components/order-summary.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/orders.ts'

/**
 * /cluster-provisioning and /clusters/provisioning (`?order=<id>`): the order just placed, live —
 * waiting for an officer when it needs approval, then its cluster's creation step by step, and
 * what to do once it runs or fails. Without an order in the URL: the organization's latest order.
 */
export default function ClusterProvisioningRoute() {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const orderId = searchParams.get('order') || undefined
  useClusterLiveUpdates()
  const chosen = useOrder(orderId)
  const latest = useLatestOrder({ enabled: !orderId })
  const order = orderId ? chosen : latest

  let content: React.ReactNode
  if (order.isPending) content = <LoadingBlock label={t('orders.loadingOrder')} rows={4} />
  else if (order.isError && !isNotFound(order.error))
    content = <LoadError title={t('orders.loadOrderFailed')} query={order} />
  else if (!order.data)
    content = (
      <EmptyState
        testId="no-order"
        title={orderId ? t('orders.notFound') : t('orders.noOrderYet')}
        hint={t('orders.noOrderHint')}
        action={
          <Button asChild>
            <Link to={href('configureCluster')}>
              <CirclePlus aria-hidden="true" />
              {t('orders.configure')}
            </Link>
          </Button>
        }
      />
    )
  else
    content = (
      <div className="grid gap-6">
        <OrderSummary order={order.data} />
        {order.data.clusterId && <ClusterLiveStatus clusterId={order.data.clusterId} />}
      </div>
    )

  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-4xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-sm font-medium text-primary">{t('orders.provisioningEyebrow')}</p>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {t('pages.clusterProvisioning')}
          </h1>
          <p className="text-muted-foreground">{t('orders.provisioningLead')}</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to={href('orderStatusList')}>
            <ListOrdered aria-hidden="true" />
            {t('orders.allOrders')}
          </Link>
        </Button>
      </header>
      {content}
    </div>
  )
}
