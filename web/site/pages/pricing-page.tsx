import { Check } from 'lucide-react'
import { nodePoolMonthlyCents, PROMO_CODE, PROMO_PERCENT, startingMonthlyCents } from '#common/pricing.ts'
import type { NodeFlavor } from '#common/schemas/catalog.ts'
import { FLAVOR_FAMILIES, type FlavorFamily } from '#common/schemas/catalog.ts'
import { formatGib } from '#common/units.ts'
import { clusterTypePath } from '#web/components/layout/nav-links.ts'
import type { ClusterTypeSlug } from '#web/lib/cluster-type-links.ts'
import { cn } from '#web/lib/cn.ts'
import { dateFormat } from '#web/lib/format-date.ts'
import { usePercent } from '#web/lib/use-percent.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { CLUSTER_TYPE_STYLES } from '../cluster-type-style.ts'
import { CyclePrice, CycleSuffix, PriceTag, YearlySaving } from '../price-tag.tsx'
import { useSiteData } from '../site-context.tsx'
import { PriceControls, PriceEstimate } from './pricing-controls.tsx'

/**
 * Every cluster type, node flavor, add-on and support plan with its price. The prices are static
 * HTML in euros per month; the pricing island redraws them in the visitor's currency and cycle.
 */
export function PricingPage() {
  const { t } = useTranslation()
  const percent = usePercent()
  const { catalog, language } = useSiteData()
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{t('pages.pricing')}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{t('marketing.pricing.lead')}</p>
      </div>
      <PriceControls />

      <section aria-labelledby="types-title" className="mt-12">
        <h2 id="types-title" className="text-2xl font-semibold tracking-tight">
          {t('marketing.pricing.typesTitle')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="pricing-types">
          {catalog.clusterTypes.map((type) => {
            const slug = type.id as ClusterTypeSlug
            const { Icon, accent } = CLUSTER_TYPE_STYLES[slug]
            return (
              <li key={type.id} data-type={type.id} className="flex flex-col rounded-xl border bg-card p-5">
                <span className={cn('flex size-9 items-center justify-center rounded-lg', accent)}>
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-3 font-semibold">{t(`common.clusterTypes.${slug}`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">
                  {type.slaPercent === null
                    ? t('marketing.pricing.noSla')
                    : t('marketing.pricing.sla', { percent: percent(type.slaPercent) })}
                </p>
                <p className="mt-4">
                  <CyclePrice
                    monthlyCents={startingMonthlyCents(type, catalog.nodeFlavors)}
                    zeroLabel={t('marketing.pricing.free')}
                    className="text-2xl font-bold"
                  />
                </p>
                <p className="mt-1 text-xs text-muted-foreground">{t('marketing.pricing.startingPrice')}</p>
                <YearlySaving monthlyCents={startingMonthlyCents(type, catalog.nodeFlavors)} />
                <a
                  href={clusterTypePath(slug)}
                  className="mt-4 text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t('marketing.pricing.typeDetails', { name: t(`common.clusterTypes.${slug}`) })}
                </a>
              </li>
            )
          })}
        </ul>
      </section>

      <section aria-labelledby="flavors-title" className="mt-16">
        <h2 id="flavors-title" className="text-2xl font-semibold tracking-tight">
          {t('marketing.pricing.flavorsTitle')}
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">{t('marketing.pricing.flavorsLead')}</p>
        <div className="mt-6 overflow-x-auto rounded-xl border">
          <table className="w-full min-w-[44rem] text-sm" data-testid="pricing-flavors">
            <caption className="sr-only">{t('marketing.pricing.flavorsTitle')}</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('marketing.pricing.columns.flavor')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('marketing.pricing.columns.vcpu')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('marketing.pricing.columns.ram')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('marketing.pricing.columns.gpu')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('marketing.pricing.columns.disk')}
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  {t('marketing.pricing.columns.hourly')}
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  <CycleSuffix
                    monthly={t('marketing.pricing.columns.monthly')}
                    yearly={t('marketing.pricing.columns.yearly')}
                  />
                </th>
              </tr>
            </thead>
            {FLAVOR_FAMILIES.map((family) => (
              <FlavorRows
                key={family}
                family={family}
                flavors={catalog.nodeFlavors.filter((f) => f.family === family)}
              />
            ))}
          </table>
        </div>
      </section>

      <PriceEstimate />

      <section aria-labelledby="addons-title" className="mt-16 grid gap-10 lg:grid-cols-2">
        <div>
          <h2 id="addons-title" className="text-2xl font-semibold tracking-tight">
            {t('marketing.pricing.addOnsTitle')}
          </h2>
          <ul className="mt-6 divide-y rounded-xl border" data-testid="pricing-add-ons">
            {catalog.addOns.map((addOn) => (
              <li key={addOn.id} className="flex items-start justify-between gap-4 p-4">
                <div>
                  <p className="font-medium">{addOn.name}</p>
                  <p className="mt-1 text-sm text-muted-foreground">{addOn.description}</p>
                </div>
                <p className="shrink-0 text-right text-sm">
                  <CyclePrice
                    monthlyCents={addOn.monthlyPriceCents}
                    zeroLabel={t('marketing.pricing.included')}
                    className="font-semibold"
                  />
                </p>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">{t('marketing.pricing.supportTitle')}</h2>
          <ul className="mt-6 grid gap-3" data-testid="pricing-support">
            {catalog.supportPlans.map((plan) => (
              <li key={plan.id} className="rounded-xl border p-4">
                <div className="flex items-baseline justify-between gap-4">
                  <p className="font-semibold">{plan.name}</p>
                  <p className="text-sm">
                    <CyclePrice
                      monthlyCents={plan.monthlyPriceCents}
                      zeroLabel={t('marketing.pricing.included')}
                      className="font-semibold"
                    />
                  </p>
                </div>
                <p className="mt-1 text-sm text-muted-foreground">
                  {t(`marketing.pricing.coverage.${plan.coverage}`)} ·{' '}
                  {t('marketing.pricing.response', {
                    duration: dateFormat(language).duration(plan.criticalResponseMinutes),
                  })}
                </p>
                <ul className="mt-3 grid gap-1 text-sm">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                      {feature}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="notes-title" className="mt-16 rounded-xl bg-muted/40 p-6 text-sm leading-6">
        <h2 id="notes-title" className="font-semibold">
          {t('marketing.pricing.notesTitle')}
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-muted-foreground">
          <li>{t('marketing.pricing.notes.yearly')}</li>
          <li>{t('marketing.pricing.notes.promo', { code: PROMO_CODE, percent: PROMO_PERCENT })}</li>
          <li>{t('marketing.pricing.notes.hours')}</li>
          <li>{t('marketing.pricing.notes.currency')}</li>
        </ul>
      </section>
    </div>
  )
}

function FlavorRows({ family, flavors }: { family: FlavorFamily; flavors: NodeFlavor[] }) {
  const { language } = useSiteData()
  const { t } = useTranslation()
  if (flavors.length === 0) return null
  return (
    <tbody className="divide-y border-t">
      <tr className="bg-muted/20">
        <th
          scope="colgroup"
          colSpan={7}
          className="px-4 py-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase"
        >
          {t(`marketing.pricing.families.${family}`)}
        </th>
      </tr>
      {flavors.map((flavor) => (
        <tr key={flavor.id} data-flavor={flavor.id}>
          <th scope="row" className="px-4 py-2.5 text-left font-medium">
            {flavor.name}
            <span className="ml-2 font-mono text-xs font-normal text-muted-foreground">{flavor.id}</span>
          </th>
          <td className="px-4 py-2.5 tabular-nums">{flavor.vcpu}</td>
          <td className="px-4 py-2.5 tabular-nums">{formatGib(flavor.ramGib, language)}</td>
          <td className="px-4 py-2.5">
            {flavor.gpuCount > 0 ? `${flavor.gpuCount}× ${flavor.gpuModel}` : '—'}
          </td>
          <td className="px-4 py-2.5 tabular-nums">{formatGib(flavor.diskGib, language)}</td>
          <td className="px-4 py-2.5 text-right">
            <PriceTag kind="hourly" amount={flavor.hourlyPriceMillicents} />
          </td>
          <td className="px-4 py-2.5 text-right font-medium">
            <PriceTag kind="cycle" amount={nodePoolMonthlyCents(flavor.hourlyPriceMillicents, 1)} />
          </td>
        </tr>
      ))}
    </tbody>
  )
}
