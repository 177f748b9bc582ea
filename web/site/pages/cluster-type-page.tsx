import { ArrowRight, Check, Server } from 'lucide-react'
import { startingMonthlyCents } from '#common/pricing.ts'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import type { ClusterTypeSlug } from '#web/lib/cluster-type-links.ts'
import { cn } from '#web/lib/cn.ts'
import { usePercent } from '#web/lib/use-percent.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { CLUSTER_TYPE_STYLES } from '../cluster-type-style.ts'
import { CyclePrice, PriceTag, YearlySaving } from '../price-tag.tsx'
import { useSiteData } from '../site-context.tsx'

/** One cluster type: what it is for, what it includes, its SLA, price and node flavors. */
export function ClusterTypePage({ slug }: { slug: ClusterTypeSlug }) {
  const { t } = useTranslation()
  const percent = usePercent()
  const { catalog } = useSiteData()
  const type = catalog.clusterTypes.find((candidate) => candidate.id === slug)
  if (!type) throw new Error(`the catalog has no cluster type ${slug}`)
  const flavors = catalog.nodeFlavors.filter((flavor) => type.allowedFlavorIds.includes(flavor.id))
  const { Icon, accent } = CLUSTER_TYPE_STYLES[slug]
  const name = t(`common.clusterTypes.${slug}`)

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div>
          <span className={cn('inline-flex size-12 items-center justify-center rounded-xl', accent)}>
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-3xl font-bold tracking-tight sm:text-5xl">
            {t('marketing.clusterTypeTitle', { name })}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{type.tagline}</p>
          <dl className="mt-8 grid gap-4 sm:grid-cols-3">
            <div className="rounded-lg border p-4">
              <dt className="text-sm text-muted-foreground">{t('marketing.clusterType.sla')}</dt>
              <dd className="mt-1 text-xl font-semibold">
                {type.slaPercent === null ? t('marketing.clusterType.noSla') : percent(type.slaPercent)}
              </dd>
            </div>
            <div className="rounded-lg border p-4">
              <dt className="text-sm text-muted-foreground">{t('marketing.clusterType.controlPlane')}</dt>
              <dd className="mt-1 font-semibold">
                {t(`marketing.clusterType.modes.${type.controlPlaneMode}`)}
              </dd>
            </div>
            <div className="rounded-lg border p-4">
              <dt className="text-sm text-muted-foreground">{t('marketing.clusterType.flavors')}</dt>
              <dd className="mt-1 text-xl font-semibold">{flavors.length}</dd>
            </div>
          </dl>
        </div>
        <aside
          className="self-start rounded-2xl border bg-card p-6 shadow-sm"
          aria-labelledby="type-price-title"
        >
          <h2 id="type-price-title" className="text-sm font-medium text-muted-foreground">
            {t('marketing.clusterType.startsAt')}
          </h2>
          <p className="mt-2">
            <CyclePrice
              monthlyCents={startingMonthlyCents(type, catalog.nodeFlavors)}
              zeroLabel={t('marketing.pricing.free')}
              className="text-3xl font-bold"
            />
          </p>
          <p className="mt-1 text-xs text-muted-foreground">{t('marketing.pricing.startingPrice')}</p>
          <YearlySaving monthlyCents={startingMonthlyCents(type, catalog.nodeFlavors)} />
          <Button asChild className="mt-6 w-full">
            <a href={href('configureCluster', { type: slug })}>
              {t('marketing.clusterType.configure', { name })}
              <ArrowRight aria-hidden="true" />
            </a>
          </Button>
          <a
            href={href('pricing')}
            className="mt-3 block text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('marketing.clusterType.compare')}
          </a>
        </aside>
      </div>

      <div className="mt-14 grid gap-10 md:grid-cols-2">
        <section aria-labelledby="included-title">
          <h2 id="included-title" className="text-xl font-semibold">
            {t('marketing.clusterType.included')}
          </h2>
          <ul className="mt-4 grid gap-2">
            {type.includedFeatures.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check className="mt-1 size-4 shrink-0 text-success" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="use-cases-title">
          <h2 id="use-cases-title" className="text-xl font-semibold">
            {t('marketing.clusterType.useCases')}
          </h2>
          <ul className="mt-4 grid gap-2">
            {type.useCases.map((useCase) => (
              <li key={useCase} className="flex gap-2">
                <ArrowRight className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
                {useCase}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="type-flavors-title" className="mt-14">
        <h2 id="type-flavors-title" className="text-xl font-semibold">
          {t('marketing.clusterType.flavorsTitle')}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="type-flavors">
          {flavors.map((flavor) => (
            <li key={flavor.id} className="flex items-start gap-3 rounded-lg border p-4">
              <Server className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div>
                <p className="font-medium">{flavor.name}</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  {t('marketing.clusterType.flavorSpec', {
                    vcpu: flavor.vcpu,
                    ram: flavor.ramGib,
                    disk: flavor.diskGib,
                  })}
                  {flavor.gpuCount > 0 && ` · ${flavor.gpuCount}× ${flavor.gpuModel}`}
                </p>
                <p className="mt-1 text-sm">
                  <PriceTag
                    kind="hourly"
                    amount={flavor.hourlyPriceMillicents}
                    className="font-semibold tabular-nums"
                  />{' '}
                  <span className="text-muted-foreground">{t('marketing.pricing.perHour')}</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
