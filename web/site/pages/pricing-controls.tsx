import { CURRENCY_SYMBOLS } from '#common/money.ts'
import { BILLING_CYCLES } from '#common/pricing.ts'
import { href } from '#common/routes.ts'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'
import { CURRENCY_SWITCHER_ORDER } from '#web/lib/constants.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useSiteData } from '../site-context.tsx'

/** What the estimate island needs of the catalog (JSON in the page). */
export type EstimateCatalog = {
  types: { id: string; name: string; baseMonthlyPriceCents: number; flavorIds: string[] }[]
  flavors: { id: string; name: string; hourlyPriceMillicents: number }[]
}

const choiceClass =
  'relative flex min-h-9 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-medium text-muted-foreground has-[:checked]:bg-background has-[:checked]:text-foreground has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring'

/**
 * Currency and billing cycle of the prices (the header's currency switcher sets the same
 * preference). Shown once the pricing island runs; without JavaScript the page shows euros per month.
 */
export function PriceControls() {
  const { t } = useTranslation()
  return (
    <div data-island="price-controls" hidden className="mt-8 flex flex-wrap items-center gap-4">
      <fieldset className="flex items-center gap-3">
        <legend className="sr-only">{t('preferences.currency.label')}</legend>
        <span aria-hidden="true" className="text-sm font-medium">
          {t('preferences.currency.label')}
        </span>
        <div className="grid grid-flow-col gap-1 rounded-lg border bg-muted p-1">
          {CURRENCY_SWITCHER_ORDER.map((currency) => (
            <label key={currency} className={choiceClass}>
              <input
                type="radio"
                name="price-currency"
                value={currency}
                className="absolute inset-0 cursor-pointer appearance-none rounded-md"
              />
              {CURRENCY_SYMBOLS[currency]} {currency}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex items-center gap-3">
        <legend className="sr-only">{t('preferences.billingCycle.label')}</legend>
        <span aria-hidden="true" className="text-sm font-medium">
          {t('preferences.billingCycle.label')}
        </span>
        <div className="grid grid-flow-col gap-1 rounded-lg border bg-muted p-1">
          {BILLING_CYCLES.map((cycle) => (
            <label key={cycle} className={choiceClass}>
              <input
                type="radio"
                name="price-cycle"
                value={cycle}
                className="absolute inset-0 cursor-pointer appearance-none rounded-md"
              />
              {t(`preferences.billingCycle.${cycle}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <p data-rates-note className="text-xs text-muted-foreground" />
    </div>
  )
}

/** A small estimate: a type, a flavor and a node count give the price per cycle. */
export function PriceEstimate() {
  const { t } = useTranslation()
  const { catalog } = useSiteData()
  const estimateCatalog: EstimateCatalog = {
    types: catalog.clusterTypes.map((type) => ({
      id: type.id,
      name: clusterTypeName(t, type),
      baseMonthlyPriceCents: type.baseMonthlyPriceCents,
      flavorIds: type.allowedFlavorIds,
    })),
    flavors: catalog.nodeFlavors.map((flavor) => ({
      id: flavor.id,
      name: flavor.name,
      hourlyPriceMillicents: flavor.hourlyPriceMillicents,
    })),
  }
  const fieldClass = 'mt-1.5 h-10 w-full rounded-md border bg-background px-3 text-sm'
  return (
    <section
      aria-labelledby="estimate-title"
      data-island="estimate"
      data-catalog={JSON.stringify(estimateCatalog)}
      hidden
      className="mt-16 rounded-2xl border bg-card p-6 sm:p-8"
    >
      <h2 id="estimate-title" className="text-2xl font-semibold tracking-tight">
        {t('marketing.pricing.estimateTitle')}
      </h2>
      <p className="mt-2 text-muted-foreground">{t('marketing.pricing.estimateLead')}</p>
      <form className="mt-6 grid gap-4 sm:grid-cols-3" action={href('configureCluster')} method="get">
        <label className="text-sm font-medium">
          {t('marketing.pricing.estimateType')}
          <select name="type" className={fieldClass} />
        </label>
        <label className="text-sm font-medium">
          {t('marketing.pricing.estimateFlavor')}
          <select name="flavor" className={fieldClass} />
        </label>
        <label className="text-sm font-medium">
          {t('marketing.pricing.estimateNodes')}
          <input
            name="nodes"
            type="number"
            min={1}
            max={100}
            defaultValue={3}
            inputMode="numeric"
            className={fieldClass}
          />
        </label>
        <dl className="grid gap-2 text-sm sm:col-span-3 sm:grid-cols-3" aria-live="polite">
          <div className="rounded-lg bg-muted/50 p-3">
            <dt className="text-muted-foreground">{t('marketing.pricing.estimateControlPlane')}</dt>
            <dd data-estimate="controlPlane" className="mt-1 text-lg font-semibold tabular-nums" />
          </div>
          <div className="rounded-lg bg-muted/50 p-3">
            <dt className="text-muted-foreground">{t('marketing.pricing.estimateNodePool')}</dt>
            <dd data-estimate="nodes" className="mt-1 text-lg font-semibold tabular-nums" />
          </div>
          <div className="rounded-lg bg-primary/10 p-3">
            <dt className="font-medium">{t('marketing.pricing.estimateTotal')}</dt>
            <dd data-estimate="total" className="mt-1 text-2xl font-bold tabular-nums" />
          </div>
        </dl>
        <div className="sm:col-span-3">
          <button
            type="submit"
            className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
          >
            {t('marketing.pricing.estimateConfigure')}
          </button>
        </div>
      </form>
    </section>
  )
}
