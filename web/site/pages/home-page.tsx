import { ArrowRight, Check, MapPin, ShieldCheck } from 'lucide-react'
import { dataCenterState } from '#common/cluster-rules.ts'
import { href } from '#common/routes.ts'
import { clusterTypePath, LINKS } from '#web/components/layout/nav-links.ts'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { CLUSTER_TYPE_SLUGS } from '#web/lib/paths.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { CLUSTER_TYPE_STYLES } from '../cluster-type-style.ts'
import { useSiteData } from '../site-context.tsx'

const HIGHLIGHTS = ['sovereignty', 'compliance', 'monitoring'] as const
const COMPLIANCE = ['gdpr', 'hds', 'secnumcloud', 'cispe'] as const
const CASE_STUDIES = ['hospital', 'fintech', 'ai'] as const

/** The home page: what the product is, the cluster types, where it runs, compliance, proof, calls to action. */
export function HomePage() {
  const { t } = useTranslation()
  return (
    <>
      <section className="relative overflow-hidden border-b">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,color-mix(in_oklch,var(--primary)_18%,transparent),transparent)]"
        />
        <div className="relative mx-auto max-w-4xl px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24 sm:pb-20">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground sm:text-sm">
            <span className="size-2 rounded-full bg-success" aria-hidden="true" />
            {t('home.eyebrow')}
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {t('pages.home')}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-base leading-7 text-pretty text-muted-foreground sm:text-lg">
            {t('home.lead')}
          </p>
          <div className="mt-9 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <Button asChild size="lg">
              <a
                href={LINKS.auth}
                data-signed-in-href={LINKS.dashboard}
                data-signed-in-label={t('home.openDashboard')}
              >
                <span data-label>{t('home.getStarted')}</span>
                <ArrowRight aria-hidden="true" />
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={LINKS.pricing}>{t('home.viewPricing')}</a>
            </Button>
          </div>
          <ul
            aria-label={t('home.highlights.label')}
            className="mt-10 flex flex-col items-center justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground sm:flex-row"
          >
            {HIGHLIGHTS.map((highlight) => (
              <li key={highlight} className="flex items-center gap-2">
                <Check className="size-4 text-success" aria-hidden="true" />
                {t(`home.highlights.${highlight}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <ClusterTypes />
      <DataCenters />
      <Compliance />
      <CaseStudies />
      <CallToAction />
    </>
  )
}

function ClusterTypes() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="cluster-types-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="max-w-2xl">
        <h2 id="cluster-types-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('home.typesTitle')}
        </h2>
        <p className="mt-3 text-muted-foreground">{t('home.typesLead')}</p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CLUSTER_TYPE_SLUGS.map((slug) => {
          const { Icon, accent } = CLUSTER_TYPE_STYLES[slug]
          const name = t(`common.clusterTypes.${slug}`)
          return (
            <li key={slug}>
              <a
                href={clusterTypePath(slug)}
                aria-label={t('home.learnMore', { name })}
                className="group flex h-full flex-col rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
              >
                <span className={cn('flex size-10 items-center justify-center rounded-lg', accent)}>
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="mt-4 font-semibold">{name}</span>
                <span className="mt-1.5 flex-1 text-sm leading-6 text-muted-foreground">
                  {t(`home.types.${slug}.description`)}
                </span>
                <ArrowRight
                  className="mt-4 size-4 text-muted-foreground transition group-hover:translate-x-0.5 group-hover:text-primary"
                  aria-hidden="true"
                />
              </a>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** Data centers grouped by country, EU first: where clusters can run. */
function DataCenters() {
  const { t } = useTranslation()
  const { catalog } = useSiteData()
  const eu = catalog.dataCenters.filter((center) => center.inEu)
  const elsewhere = catalog.dataCenters.filter((center) => !center.inEu)
  return (
    <section aria-labelledby="data-centers-title" className="border-y bg-muted/30">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id="data-centers-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {t('home.dataCentersTitle')}
          </h2>
          <p className="mt-3 text-muted-foreground">
            {t('home.dataCentersLead', { eu: eu.length, total: catalog.dataCenters.length })}
          </p>
        </div>
        {[
          { key: 'eu' as const, centers: eu },
          { key: 'elsewhere' as const, centers: elsewhere },
        ].map(({ key, centers }) => (
          <div key={key} className="mt-10">
            <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              {t(`home.dataCenterGroups.${key}`)}
            </h3>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid={`data-centers-${key}`}>
              {centers.map((center) => (
                <li key={center.code} className="flex items-start gap-3 rounded-lg border bg-card p-4">
                  <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="font-medium">
                      {center.city}, {center.country}
                      <span className="ml-2 font-mono text-xs text-muted-foreground">{center.code}</span>
                    </p>
                    <p className="mt-1 text-xs text-muted-foreground">
                      {center.provider} · {t(`home.availability.${dataCenterState(center)}`)}
                    </p>
                    <p className="mt-2 flex flex-wrap gap-1">
                      {center.complianceTags.map((tag) => (
                        <span key={tag} className="rounded border px-1.5 py-0.5 text-[0.6875rem] font-medium">
                          {t(`common.complianceTags.${tag}`)}
                        </span>
                      ))}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  )
}

function Compliance() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="compliance-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id="compliance-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t('home.complianceTitle')}
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {COMPLIANCE.map((item) => (
          <li key={item} className="rounded-xl border p-5">
            <p className="flex items-center gap-2 font-semibold">
              <ShieldCheck className="size-5 text-success" aria-hidden="true" />
              {t(`home.compliance.${item}.name`)}
            </p>
            <p className="mt-2 text-sm leading-6 text-muted-foreground">
              {t(`home.compliance.${item}.text`)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}

function CaseStudies() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="case-studies-title" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="case-studies-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('home.caseStudiesTitle')}
        </h2>
        <a
          href={href('caseStudies')}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('home.allCaseStudies')}
        </a>
      </div>
      <ul className="mt-8 grid gap-4 lg:grid-cols-3">
        {CASE_STUDIES.map((study) => (
          <li key={study} className="flex flex-col rounded-xl border bg-card p-6">
            <p className="text-3xl font-bold tracking-tight text-primary">
              {t(`home.cases.${study}.figure`)}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{t(`home.cases.${study}.figureLabel`)}</p>
            <blockquote className="mt-4 flex-1 text-sm leading-6">
              {t(`home.cases.${study}.quote`)}
            </blockquote>
            <p className="mt-4 text-sm font-semibold">{t(`home.cases.${study}.company`)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

function CallToAction() {
  const { t } = useTranslation()
  return (
    <section className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
      <div className="flex flex-col items-start gap-6 rounded-2xl bg-primary px-6 py-10 text-primary-foreground sm:px-10 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">{t('home.ctaTitle')}</h2>
          <p className="mt-2 max-w-xl opacity-90">{t('home.ctaLead')}</p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg" variant="secondary">
            <a href={LINKS.contactSales}>{t('home.contactSales')}</a>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
          >
            <a href={LINKS.scheduleDemo}>{t('home.scheduleDemo')}</a>
          </Button>
        </div>
      </div>
    </section>
  )
}
