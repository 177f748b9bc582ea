import { ShieldCheck } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useId } from 'react'
import type { Order } from '#common/schemas/orders.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { RetryAlert } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock, Skeleton } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { usePendingOrders } from '../api/order-approvals.ts'
import '#web/lib/strings/officers.ts'

/**
 * The queue shows as soon as its orders have come; the decision under each order brings the form
 * library and the rules of a note, and comes a moment later, in a place kept for it.
 */
const ApprovalDecision = lazy(() =>
  import('./approval-decision.tsx').then((module) => ({ default: module.ApprovalDecision })),
)

/** The officers' queue of orders waiting for approval (HDS data centers, over the credit limit). */
export function ApprovalQueue() {
  const { t } = useTranslation()
  const pending = usePendingOrders(true)

  // The placeholder is about as tall as the empty queue, so the sections below stay in place.
  if (pending.isPending) return <LoadingBlock label={t('officers.approvals.loading')} />
  if (pending.isError)
    return (
      <RetryAlert
        message={t('officers.approvals.loadFailed', { message: pending.error.message })}
        onRetry={() => void pending.refetch()}
      />
    )
  if (pending.data.items.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-8 text-center">
        <ShieldCheck aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{t('officers.approvals.emptyTitle')}</p>
        <p className="text-sm text-muted-foreground">{t('officers.approvals.emptyHint')}</p>
      </div>
    )
  return (
    <ul className="grid gap-4" aria-label={t('officers.approvals.title')}>
      {pending.data.items.map((order) => (
        <li key={order.id}>
          <PendingOrder order={order} />
        </li>
      ))}
    </ul>
  )
}

function PendingOrder({ order }: { order: Order }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const money = useMoney()
  const titleId = useId()
  const { configuration, product } = order

  return (
    <article
      aria-labelledby={titleId}
      data-testid={`pending-order-${order.reference}`}
      className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h3 id={titleId} className="font-semibold">
            {order.reference} ·{' '}
            {product ? `${product.productName} → ${order.clusterName}` : order.clusterName}
          </h3>
          <p className="text-sm text-muted-foreground">
            {order.organizationName} · {dates.dateTime(order.createdAt)}
          </p>
        </div>
        <Badge variant="outline">{money.cents(order.price.totalCents)}</Badge>
      </header>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {configuration && (
          <>
            <Term label={t('officers.approvals.type')}>{configuration.clusterTypeId}</Term>
            <Term label={t('officers.approvals.dataCenter')}>{configuration.dataCenterCode}</Term>
            <Term label={t('officers.approvals.nodes')}>
              {configuration.nodePools.reduce((total, pool) => total + pool.nodeCount, 0)}
            </Term>
          </>
        )}
        {product && (
          <>
            <Term label={t('officers.approvals.product')}>
              {product.productName} {product.version}
              {product.planId ? ` · ${product.planId}` : ''}
            </Term>
            <Term label={t('officers.approvals.namespace')}>{product.namespace}</Term>
          </>
        )}
        <Term label={t('officers.approvals.cycle')}>
          {t(`officers.approvals.cycles.${order.price.billingCycle}`)}
        </Term>
      </dl>
      {order.approvalReason && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm">
          <span className="font-medium">{t('officers.approvals.reason')}</span> {order.approvalReason}
        </p>
      )}
      <Suspense fallback={<DecisionPlaceholder />}>
        <ApprovalDecision order={order} />
      </Suspense>
    </article>
  )
}

/** Where the decision form comes, as tall as it is, until its code (the form library) has loaded. */
function DecisionPlaceholder() {
  return (
    <div className="grid gap-4" aria-hidden="true">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-16" />
      <div className="flex gap-2">
        <Skeleton className="h-9 w-28" />
        <Skeleton className="h-9 w-28" />
      </div>
    </div>
  )
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}
