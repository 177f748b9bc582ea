import { estimateConfiguration } from '#common/estimate.ts'
import { href } from '#common/routes.ts'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useBillingSummary } from '#web/features/billing/api/billing-queries.ts'
import { useCatalog } from '#web/features/catalog/api/get-catalog.ts'
import { encodeSuggestion } from '#web/features/cluster-config/prefill.ts'
import { PriceEstimator } from '#web/features/estimator/components/price-estimator.tsx'
import { useUser } from '#web/lib/current-user.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/estimator.ts'

/** /price-estimator: what several clusters would cost, against this month's actual spend. */
export default function PriceEstimatorRoute() {
  const { t } = useTranslation()
  const catalog = useCatalog()
  // This month's spend is for active members; a registration waiting for approval estimates alone.
  const member = useUser().user?.membershipStatus === 'active'
  const spend = useBillingSummary({ enabled: member }).data
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.priceEstimator')}</h1>
        <p className="text-muted-foreground">{t('estimator.lead')}</p>
      </header>
      {catalog.isPending ? (
        <LoadingBlock label={t('estimator.loading')} rows={4} />
      ) : catalog.isError ? (
        <LoadError title={t('estimator.loadFailed')} query={catalog} />
      ) : (
        <PriceEstimator
          catalog={catalog.data}
          orderHref={(cluster, position) => {
            const configuration = estimateConfiguration(cluster, position, catalog.data)
            return configuration
              ? `${href('configureCluster')}?suggestion=${encodeSuggestion(configuration)}`
              : null
          }}
          actualSpend={
            spend
              ? {
                  monthToDateCents: spend.monthToDateCents,
                  forecastCents: spend.forecastCents,
                  currency: spend.billingCurrency,
                }
              : null
          }
        />
      )}
    </div>
  )
}
