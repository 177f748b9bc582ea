import { CheckCircle2, ShieldCheck, XCircle } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { type Order, orderApprovalSchema, orderRejectionSchema } from '#common/schemas/orders.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '#web/components/ui/form.tsx'
import { RetryAlert } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useDecideOrder, usePendingOrders } from '../api/order-approvals.ts'
import '#web/lib/strings/officers.ts'

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
  const decide = useDecideOrder({
    // The decided order leaves the queue: its toast is said by the mutation, not by this row.
    onDecided: (_order, { approve }) =>
      toast({
        variant: 'success',
        title: approve ? t('officers.approvals.approvedTitle') : t('officers.approvals.declinedTitle'),
        description: t('officers.approvals.decidedText', { reference: order.reference }),
      }),
  })
  const form = useZodForm(orderApprovalSchema, { defaultValues: { note: '' } })
  const titleId = useId()
  const { configuration, product } = order

  const submit = (approve: boolean, note: string | null) => {
    // Declining needs a reason the customer will read: the refusal's own rules say so.
    const refusal = orderRejectionSchema.safeParse({ note: note ?? '' })
    if (!approve && !refusal.success) {
      form.setError('note', { message: refusal.error.issues[0]?.message }, { shouldFocus: true })
      return
    }
    decide.mutate(
      { orderId: order.id, approve, note: note ?? '' },
      {
        onError: (error) => {
          if (applyServerErrors(form, error)) return
          toast({ variant: 'destructive', title: t('officers.approvals.failed'), description: error.message })
        },
      },
    )
  }

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
      <Form form={form} onSubmit={({ note }) => submit(true, note)} className="gap-4">
        <FormField
          control={form.control}
          name="note"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('officers.approvals.note')}</FormLabel>
              <FormControl>
                <Textarea {...field} value={field.value ?? ''} maxLength={1000} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={decide.isPending}>
            <CheckCircle2 aria-hidden="true" />
            {t('officers.approvals.approve')}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={decide.isPending}
            onClick={() => void form.handleSubmit(({ note }) => submit(false, note))()}
          >
            <XCircle aria-hidden="true" />
            {t('officers.approvals.decline')}
          </Button>
        </div>
      </Form>
    </article>
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
