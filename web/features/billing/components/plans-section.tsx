import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { usePlans } from '../api/billing-queries.ts'
import '#web/lib/strings/billing.ts'

/** What the organization is on: each cluster's billing cycle and price, and the support plan. */
export function PlansSection() {
  const { t } = useTranslation()
  const money = useMoney()
  const dates = useDateFormat()
  const plans = usePlans()
  return (
    <SectionCard id="plans" title={t('billing.plans.title')} description={t('billing.plans.description')}>
      {plans.isPending ? (
        <LoadingBlock label={t('billing.plans.loading')} rows={2} />
      ) : plans.isError ? (
        <LoadError title={t('billing.plans.loadFailed')} query={plans} />
      ) : (
        <div className="grid gap-3">
          <p
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-muted/50 p-3"
            data-testid="support-plan"
          >
            <span>
              {t('billing.plans.support')} <span className="font-medium">{plans.data.supportPlan.name}</span>
            </span>
            <span className="tabular-nums">
              {t('billing.plans.perMonth', { amount: money.cents(plans.data.supportPlan.monthlyPriceCents) })}
            </span>
          </p>
          {plans.data.clusters.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {t('billing.plans.noClusters')}{' '}
              <Link className="text-primary underline-offset-4 hover:underline" to={href('configureCluster')}>
                {t('billing.plans.configure')}
              </Link>
            </p>
          ) : (
            <ul className="divide-y rounded-lg border" aria-label={t('billing.plans.clusters')}>
              {plans.data.clusters.map((cluster) => (
                <li key={cluster.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <span className="grid gap-0.5">
                    <Link
                      className="font-medium hover:underline"
                      to={href('clusterDetail', { id: cluster.id })}
                    >
                      {cluster.name}
                    </Link>
                    {cluster.commitmentEndsAt && (
                      <span className="text-sm text-muted-foreground">
                        {t('billing.plans.paidUntil', { date: dates.date(cluster.commitmentEndsAt) })}
                      </span>
                    )}
                  </span>
                  <span className="flex items-center gap-2">
                    <Badge variant="outline">{t(`billing.plans.cycles.${cluster.billingCycle}`)}</Badge>
                    <span className="tabular-nums">
                      {t('billing.plans.perMonth', { amount: money.cents(cluster.monthlyPriceCents) })}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </SectionCard>
  )
}
