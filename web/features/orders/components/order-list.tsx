import { ArrowRight, Inbox } from 'lucide-react'
import { useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import { href } from '#common/routes.ts'
import type { Order, OrderStatus } from '#common/schemas/orders.ts'
import { Button } from '#web/components/ui/button.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useOrders } from '../api/get-orders.ts'
import {
  ORDER_FILTER_STATUSES,
  orderStatusFromSearchParams,
  searchParamsWithOrderStatus,
} from '../order-filters.ts'
import { CancelOrderButton } from './cancel-order-button.tsx'
import { OrderStatusBadge } from './order-status-badge.tsx'
import '#web/lib/strings/orders.ts'

/**
 * The organization's cluster orders, newest first: reference, cluster, status, total in the
 * chosen currency and date, filtered by status (kept in the URL), page by page. An order waiting
 * for approval can be cancelled from here.
 */
export function OrderList({
  clusterHref,
  emptyAction,
}: {
  /** Where a cluster name links to, when the order has a cluster. */
  clusterHref?: (clusterId: string) => string
  /** What to offer when there is no order at all (a link to configure one). */
  emptyAction?: React.ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  const [searchParams, setSearchParams] = useSearchParams()
  const status = orderStatusFromSearchParams(searchParams)
  const orders = useOrders(status)
  const items = orders.data?.pages.flatMap((page) => page.items) ?? []

  const setStatus = (next: OrderStatus | null) =>
    setSearchParams((current) => searchParamsWithOrderStatus(current, next), {
      replace: true,
      preventScrollReset: true,
    })

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid w-full gap-1.5 sm:w-60">
          <label htmlFor={`${id}-status`} className="text-sm font-medium">
            {t('orders.filters.status')}
          </label>
          <NativeSelect
            id={`${id}-status`}
            value={status ?? ''}
            onChange={(event) => setStatus((event.target.value || null) as OrderStatus | null)}
          >
            <option value="">{t('orders.filters.all')}</option>
            {ORDER_FILTER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`orders.status.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {orders.isPending ? (
        <div role="status" aria-label={t('orders.loading')} className="grid gap-2" data-testid="loading">
          <span className="sr-only">{t('orders.loading')}</span>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-16 rounded-lg" />
          ))}
        </div>
      ) : orders.isError ? (
        <LoadError title={t('orders.loadFailed')} query={orders} />
      ) : items.length === 0 ? (
        <div
          className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6"
          data-testid="orders-empty"
        >
          <Inbox className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">{status ? t('orders.emptyFiltered') : t('orders.empty')}</p>
          {status ? (
            <Button variant="outline" size="sm" onClick={() => setStatus(null)}>
              {t('orders.filters.clear')}
            </Button>
          ) : (
            emptyAction
          )}
        </div>
      ) : (
        <>
          <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
            <div
              aria-hidden="true"
              className="hidden grid-cols-[10rem_minmax(0,1fr)_9rem_8rem_9rem_8rem] gap-4 border-b bg-muted/40 px-4 py-2 text-xs font-medium text-muted-foreground uppercase lg:grid"
            >
              <span>{t('orders.columns.reference')}</span>
              <span>{t('orders.columns.cluster')}</span>
              <span>{t('orders.columns.status')}</span>
              <span className="text-right">{t('orders.columns.total')}</span>
              <span>{t('orders.columns.date')}</span>
              <span className="sr-only">{t('orders.columns.actions')}</span>
            </div>
            <ul aria-label={t('orders.listLabel')} className="divide-y">
              {items.map((order) => (
                <OrderRow key={order.id} order={order} clusterHref={clusterHref} />
              ))}
            </ul>
          </div>
          {orders.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => void orders.fetchNextPage()}
                disabled={orders.isFetchingNextPage}
              >
                {orders.isFetchingNextPage ? t('orders.loadingMore') : t('orders.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  )
}

function OrderRow({ order, clusterHref }: { order: Order; clusterHref?: (clusterId: string) => string }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const money = useMoney()
  const date = new Date(order.createdAt)
  return (
    <li
      className="grid grid-cols-2 items-center gap-x-4 gap-y-2 px-4 py-3 text-sm lg:grid-cols-[10rem_minmax(0,1fr)_9rem_8rem_9rem_8rem]"
      data-testid="order-row"
      data-order-id={order.id}
      data-reference={order.reference}
    >
      <Link
        to={href('orderStatus', { id: order.id })}
        className="font-mono font-medium text-primary hover:underline"
      >
        {order.reference}
      </Link>
      <span className="min-w-0 justify-self-end truncate lg:justify-self-start">
        {order.clusterId && clusterHref ? (
          <Link to={clusterHref(order.clusterId)} className="font-medium hover:underline">
            {order.clusterName}
          </Link>
        ) : (
          <span className="font-medium">
            {order.supportPlan
              ? t('orders.supportPlanSubject', { name: order.supportPlan.name })
              : order.customSolution
                ? `${order.customSolution.reference} · ${order.customSolution.title}`
                : order.clusterName}
          </span>
        )}
      </span>
      <span>
        <OrderStatusBadge status={order.status} />
      </span>
      <span className="justify-self-end font-medium tabular-nums lg:text-right" data-testid="order-total">
        {money.cents(order.price.totalCents)}
      </span>
      <time dateTime={order.createdAt} className="text-muted-foreground">
        {dates.date(date)}
      </time>
      <span className="flex justify-end gap-2">
        {order.status === 'pending_approval' ? (
          <CancelOrderButton order={order} />
        ) : (
          <Button asChild variant="ghost" size="sm">
            <Link to={href('orderStatus', { id: order.id })}>
              {t('orders.track')}
              <span className="sr-only"> {order.reference}</span>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </span>
    </li>
  )
}
