import { Ban, Clock, ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import type { Order } from '#common/schemas/orders.ts'
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { CancelOrderButton } from './cancel-order-button.tsx'
import { OrderStatusBadge } from './order-status-badge.tsx'
import '#web/lib/strings/orders.ts'

/**
 * The order at the top of the live pages: its reference, status and total, and — while an officer
 * has to approve it — why, with a way to cancel it.
 */
export function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const money = useMoney()
  return (
    <section
      aria-labelledby="order-reference"
      className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
      data-testid="order-summary"
      data-order-id={order.id}
      data-status={order.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">{t('orders.orderLabel')}</p>
          <h2 id="order-reference" className="font-mono text-lg font-semibold" data-testid="order-reference">
            {order.reference}
          </h2>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">
            {order.customSolution
              ? t('orders.columns.customSolution')
              : order.supportPlan
                ? t('orders.columns.supportPlan')
                : order.product
                  ? t('orders.columns.product')
                  : t('orders.columns.cluster')}
          </dt>
          <dd className="font-medium break-all" data-testid="order-subject">
            {order.customSolution ? (
              `${order.customSolution.reference} · ${order.customSolution.title}`
            ) : order.supportPlan ? (
              t('orders.supportPlanSubject', { name: order.supportPlan.name })
            ) : order.product && order.installationId ? (
              <Link
                to={href('productOrder', { id: order.installationId })}
                className="text-primary underline-offset-4 hover:underline"
              >
                {order.product.productName} → {order.clusterName}
              </Link>
            ) : order.product ? (
              `${order.product.productName} → ${order.clusterName}`
            ) : (
              order.clusterName
            )}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('orders.columns.total')}</dt>
          <dd className="font-medium tabular-nums">
            {money.cents(order.price.totalCents)}{' '}
            <span className="font-normal text-muted-foreground">
              {t(`orders.cycle.${order.price.billingCycle}`)}
            </span>
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{t('orders.columns.date')}</dt>
          <dd className="font-medium">{dates.dateTime(order.createdAt)}</dd>
        </div>
      </dl>

      {order.status === 'pending_approval' && (
        <Alert data-testid="order-awaiting-approval">
          <Clock aria-hidden="true" />
          <AlertTitle>{t('orders.approval.title')}</AlertTitle>
          <AlertDescription className="gap-3">
            <span>{t('orders.approval.hint')}</span>
            {order.approvalReason && (
              <span className="flex items-start gap-2 text-foreground" data-testid="order-approval-reason">
                <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {t('orders.approval.reason', { reason: order.approvalReason })}
              </span>
            )}
            <div>
              <CancelOrderButton order={order} />
            </div>
          </AlertDescription>
        </Alert>
      )}
      {order.status === 'cancelled' && (
        <Alert data-testid="order-cancelled">
          <Ban aria-hidden="true" />
          <AlertTitle>{t('orders.cancelledTitle')}</AlertTitle>
          {order.decisionNote && (
            <AlertDescription>{t('orders.decisionNote', { note: order.decisionNote })}</AlertDescription>
          )}
        </Alert>
      )}
    </section>
  )
}
