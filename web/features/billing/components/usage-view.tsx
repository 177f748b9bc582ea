import { Download } from 'lucide-react'
import { useId, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { usage as usageApi } from '#common/contract/usage.ts'
import { unitsOfCents } from '#common/pricing.ts'
import type { Usage } from '#common/schemas/billing.ts'
import { USAGE_KINDS } from '#common/schemas/kinds.ts'
import { Button } from '#web/components/ui/button.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { urlOf } from '#web/lib/api/call.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useUsage } from '../api/billing-queries.ts'
import { clusterKey, kindKey, usageChartRows } from '../usage-chart-data.ts'
import { UsageChart } from './usage-chart.tsx'
import '#web/lib/strings/billing.ts'

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** /usage: a month's cost per day by cluster and by kind, its totals, the forecast and a CSV. */
export function UsageView() {
  const { t, i18n } = useTranslation()
  const id = useId()
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = searchParams.get('month')
  const month = requested && MONTH.test(requested) ? requested : null
  const usage = useUsage(month)
  const monthName = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${value}-01T00:00:00Z`),
    )
  const shown = usage.data?.month ?? month
  const months = usage.data ? [...new Set([usage.data.month, ...usage.data.months])].sort().reverse() : []

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid w-full gap-1.5 sm:w-60">
          <label htmlFor={`${id}-month`} className="text-sm font-medium">
            {t('billing.usage.period')}
          </label>
          <NativeSelect
            id={`${id}-month`}
            value={shown ?? ''}
            disabled={!usage.data}
            onChange={(event) =>
              setSearchParams(
                (current) => {
                  const next = new URLSearchParams(current)
                  next.set('month', event.target.value)
                  return next
                },
                { replace: true, preventScrollReset: true },
              )
            }
          >
            {months.map((value) => (
              <option key={value} value={value}>
                {monthName(value)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {shown && (
          <Button asChild variant="outline">
            <a href={urlOf(usageApi.csv, { query: { month: shown } })} download>
              <Download aria-hidden="true" />
              {t('billing.usage.exportCsv')}
            </a>
          </Button>
        )}
      </div>
      {usage.isPending ? (
        <LoadingBlock label={t('billing.usage.loading')} rows={4} />
      ) : usage.isError ? (
        <LoadError title={t('billing.usage.loadFailed')} query={usage} />
      ) : usage.data.recordCount === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-muted-foreground" data-testid="usage-empty">
          {t('billing.usage.empty', { month: monthName(usage.data.month) })}
        </p>
      ) : (
        <UsageCharts usage={usage.data} />
      )}
    </div>
  )
}

function UsageCharts({ usage }: { usage: Usage }) {
  const { t } = useTranslation()
  const money = useMoney()
  const clusterSeries = useMemo(
    () =>
      usage.clusters.map((cluster) => ({
        key: clusterKey(cluster.id),
        label: cluster.id ? cluster.name : t('billing.usage.organization'),
      })),
    [usage, t],
  )
  const kindSeries = useMemo(
    () =>
      USAGE_KINDS.filter((kind) => usage.byKind.some((amount) => amount.kind === kind)).map((kind) => ({
        key: kindKey(kind),
        label: t(`billing.usage.kinds.${kind}`),
      })),
    [usage, t],
  )
  const byCluster = usageChartRows(
    usage,
    clusterSeries,
    (day) =>
      day.byCluster.map((amount) => ({
        key: clusterKey(amount.clusterId),
        amountCents: amount.amountCents,
      })),
    unitsOfCents,
  )
  const byKind = usageChartRows(
    usage,
    kindSeries,
    (day) => day.byKind.map((amount) => ({ key: kindKey(amount.kind), amountCents: amount.amountCents })),
    unitsOfCents,
  )
  const hasForecast = usage.days.some((day) => day.forecast)
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <div className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm" data-testid="usage-total">
          <dt className="text-sm text-muted-foreground">{t('billing.usage.total')}</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {money.amount(usage.totalCents, usage.currency)}
          </dd>
        </div>
        {hasForecast && (
          <div className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm" data-testid="usage-forecast">
            <dt className="text-sm text-muted-foreground">{t('billing.usage.forecastTotal')}</dt>
            <dd className="text-2xl font-semibold tabular-nums">
              {money.amount(usage.forecastCents, usage.currency)}
            </dd>
          </div>
        )}
        <div className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm" data-testid="usage-records">
          <dt className="text-sm text-muted-foreground">{t('billing.usage.records')}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{usage.recordCount}</dd>
        </div>
      </dl>
      <UsageChart
        id="usage-by-cluster"
        title={t('billing.usage.byCluster')}
        rows={byCluster}
        series={clusterSeries}
        format={(units) => money.formatUnits(units, usage.currency)}
      />
      <UsageChart
        id="usage-by-kind"
        title={t('billing.usage.byKind')}
        rows={byKind}
        series={kindSeries}
        format={(units) => money.formatUnits(units, usage.currency)}
      />
    </>
  )
}
