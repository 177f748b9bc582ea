import { Plus } from 'lucide-react'
import { useId } from 'react'
import {
  type EstimateCluster,
  MAX_ESTIMATE_CLUSTERS,
  newEstimateCluster,
  priceEstimate,
} from '#common/estimate.ts'
import type { Currency } from '#common/money.ts'
import { convertCents } from '#common/pricing.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import { Button } from '#web/components/ui/button.tsx'
import { CopyButton } from '#web/components/ui/copy-button.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { useBillingCycle } from '#web/lib/preferences/preferences-provider.tsx'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useEstimate } from '../use-estimate.ts'
import { EstimateClusterCard } from './estimate-cluster-card.tsx'
import '#web/lib/strings/estimator.ts'

/** This month's charges as the billing page shows them, in the organization's billing currency. */
export type ActualSpend = { monthToDateCents: number; forecastCents: number; currency: Currency }

/**
 * The price estimator: clusters and a support plan priced live with the rules orders use, in the
 * visitor's currency and billing cycle, kept in the address; each cluster opens in the wizard, and
 * a signed-in customer sees the estimate beside this month's spend.
 */
export function PriceEstimator({
  catalog,
  orderHref,
  actualSpend,
}: {
  catalog: Catalog
  /** The wizard's address with a configuration filled in. */
  orderHref: (cluster: EstimateCluster, position: number) => string | null
  actualSpend: ActualSpend | null
}) {
  const { t } = useTranslation()
  const id = useId()
  const money = useMoney()
  const { billingCycle } = useBillingCycle()
  const [estimate, setEstimate] = useEstimate(catalog)
  const price = priceEstimate(estimate, catalog, billingCycle)
  const cycleLabel = t(`estimator.per.${billingCycle}`)
  const setCluster = (position: number, next: EstimateCluster) =>
    setEstimate({
      ...estimate,
      clusters: estimate.clusters.map((entry, at) => (at === position ? next : entry)),
    })

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid gap-4">
        {estimate.clusters.map((cluster, position) => (
          <EstimateClusterCard
            // Clusters have no identity of their own; a removed one shifts the rest, as its title does.
            key={position}
            cluster={cluster}
            position={position}
            catalog={catalog}
            price={`${money.cents(price.clusters[position]!.cycleCents)} ${cycleLabel}`}
            orderHref={orderHref(cluster, position)}
            onChange={(next) => setCluster(position, next)}
            onRemove={
              estimate.clusters.length > 1
                ? () =>
                    setEstimate({
                      ...estimate,
                      clusters: estimate.clusters.filter((_, at) => at !== position),
                    })
                : null
            }
          />
        ))}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={estimate.clusters.length >= MAX_ESTIMATE_CLUSTERS}
          onClick={() =>
            setEstimate({ ...estimate, clusters: [...estimate.clusters, newEstimateCluster(catalog)] })
          }
        >
          <Plus aria-hidden="true" />
          {t('estimator.addCluster')}
        </Button>
      </div>

      <aside
        className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5 lg:sticky lg:top-4"
        aria-labelledby={`${id}-total`}
      >
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-support`} className="text-sm font-medium">
            {t('estimator.supportPlan')}
          </label>
          <NativeSelect
            id={`${id}-support`}
            value={estimate.supportPlanId}
            onChange={(event) => setEstimate({ ...estimate, supportPlanId: event.target.value })}
          >
            {catalog.supportPlans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name} · {t('estimator.perMonth', { amount: money.cents(plan.monthlyPriceCents) })}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1" aria-live="polite">
          <h2 id={`${id}-total`} className="text-sm text-muted-foreground">
            {t('estimator.total', { cycle: t(`estimator.cycles.${billingCycle}`) })}
          </h2>
          <p className="text-3xl font-semibold tabular-nums" data-testid="estimate-total">
            {money.cents(price.cycleCents)}
          </p>
          <p className="text-sm text-muted-foreground" data-testid="estimate-monthly">
            {t('estimator.monthly', { amount: money.cents(price.monthlyCents) })}
          </p>
          {billingCycle === 'yearly' && (
            <p className="text-sm text-muted-foreground">{t('estimator.yearlyNote')}</p>
          )}
        </div>
        {actualSpend && (
          <div className="grid gap-1 rounded-lg bg-muted/50 p-3 text-sm" data-testid="estimate-comparison">
            <p className="font-medium">{t('estimator.compareTitle')}</p>
            <SpendComparison spend={actualSpend} estimateUsdCents={price.monthlyCents} />
          </div>
        )}
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">{t('estimator.shareHint')}</p>
          <CopyButton
            text={typeof window === 'undefined' ? '' : window.location.href}
            label={t('estimator.copyLink')}
          />
        </div>
      </aside>
    </div>
  )
}

/** This month's charges beside the estimate, both in the organization's billing currency. */
function SpendComparison({ spend, estimateUsdCents }: { spend: ActualSpend; estimateUsdCents: number }) {
  const { t } = useTranslation()
  const money = useMoney()
  const amount = (cents: number) => money.amount(cents, spend.currency)
  const estimateCents = convertCents(estimateUsdCents, spend.currency, money.rates)
  return (
    <>
      <p>{t('estimator.monthToDate', { amount: amount(spend.monthToDateCents) })}</p>
      <p>{t('estimator.forecast', { amount: amount(spend.forecastCents) })}</p>
      <p className="font-medium">
        {estimateCents >= spend.forecastCents
          ? t('estimator.more', { amount: amount(estimateCents - spend.forecastCents) })
          : t('estimator.less', { amount: amount(spend.forecastCents - estimateCents) })}
      </p>
    </>
  )
}
