import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useBillingSummary } from '../api/billing-queries.ts'
import '#web/lib/strings/billing.ts'

/** This month so far, the month-end forecast, last month, credits and what is still to pay. */
export function SpendSummary() {
  const { t } = useTranslation()
  const money = useMoney()
  const dates = useDateFormat()
  const summary = useBillingSummary()
  if (summary.isPending) return <SpendSummaryLoading label={t('billing.summary.loading')} />
  if (summary.isError) return <LoadError title={t('billing.summary.loadFailed')} query={summary} />
  const data = summary.data
  const figures = [
    {
      id: 'month-to-date',
      label: t('billing.summary.monthToDate'),
      value: money.amount(data.monthToDateCents, data.billingCurrency),
    },
    {
      id: 'forecast',
      label: t('billing.summary.forecast'),
      value: money.amount(data.forecastCents, data.billingCurrency),
    },
    {
      id: 'last-month',
      label: t('billing.summary.lastMonth'),
      value: money.amount(data.lastMonthCents, data.billingCurrency),
    },
    { id: 'credits', label: t('billing.summary.credits'), value: money.cents(data.creditsBalanceCents) },
  ]
  return (
    <section aria-label={t('billing.summary.title')} className="grid gap-3">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((figure) => (
          <div
            key={figure.id}
            className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm"
            data-testid={`summary-${figure.id}`}
          >
            <dt className="text-sm text-muted-foreground">{figure.label}</dt>
            <dd className="text-xl font-semibold tabular-nums sm:text-2xl">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        {data.meteredUntil
          ? t('billing.summary.meteredUntil', { time: dates.dateTime(data.meteredUntil) })
          : t('billing.summary.nothingMetered')}
        {data.outstanding.length > 0 && (
          <>
            {' '}
            {t('billing.summary.outstanding', {
              amounts: data.outstanding.map((due) => money.amount(due.amountCents, due.currency)).join(' + '),
            })}
          </>
        )}
      </p>
    </section>
  )
}

/**
 * The figures' own shape while they load (four cards and the line under them), so the sections
 * below do not move when the figures arrive.
 */
function SpendSummaryLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3" data-testid="loading">
      <span className="sr-only">{label}</span>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {['month-to-date', 'forecast', 'last-month', 'credits'].map((figure) => (
          <Skeleton key={figure} className="h-[5.25rem] rounded-xl sm:h-[5.5rem]" />
        ))}
      </div>
      <Skeleton className="h-10 sm:h-5" />
    </div>
  )
}
