import {
  ArrowRight,
  Check,
  Cpu,
  Database,
  FlaskConical,
  Gauge,
  Layers,
  PiggyBank,
  ShieldCheck,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { clusterTypePath, LINKS } from '#web/components/layout/nav-links.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useUser } from '#web/features/auth/api/get-user.ts'
import type { ClusterTypeSlug } from '#web/lib/cluster-type-links.ts'
import { cn } from '#web/lib/cn.ts'
import { CLUSTER_TYPE_SLUGS } from '#web/lib/paths.ts'

const TYPE_STYLES: Record<ClusterTypeSlug, { Icon: typeof Layers; accent: string }> = {
  blue: { Icon: Layers, accent: 'bg-blue-500/12 text-blue-600 dark:text-blue-300' },
  red: { Icon: ShieldCheck, accent: 'bg-red-500/12 text-red-600 dark:text-red-300' },
  green: { Icon: PiggyBank, accent: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300' },
  data: { Icon: Database, accent: 'bg-cyan-500/12 text-cyan-700 dark:text-cyan-300' },
  ai: { Icon: Cpu, accent: 'bg-violet-500/12 text-violet-600 dark:text-violet-300' },
  orange: { Icon: FlaskConical, accent: 'bg-orange-500/12 text-orange-700 dark:text-orange-300' },
  sandbox: { Icon: Gauge, accent: 'bg-zinc-500/12 text-zinc-700 dark:text-zinc-300' },
}

const HIGHLIGHTS = ['sovereignty', 'compliance', 'monitoring'] as const

/** The home page: a hero, the cluster types and a call to action (the marketing site comes later). */
export default function HomeScreen() {
  const { t } = useTranslation()
  const { user } = useUser()
  return (
    <>
      <title>{`${t('pages.home')} · Clusterdeck`}</title>
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
              <Link to={user ? LINKS.dashboard : LINKS.auth}>
                {user ? t('home.openDashboard') : t('home.getStarted')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={LINKS.pricing}>{t('home.viewPricing')}</Link>
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

      <section aria-labelledby="cluster-types-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id="cluster-types-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {t('home.typesTitle')}
          </h2>
          <p className="mt-3 text-muted-foreground">{t('home.typesLead')}</p>
        </div>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CLUSTER_TYPE_SLUGS.map((slug) => {
            const { Icon, accent } = TYPE_STYLES[slug]
            const name = t(`home.types.${slug}.name`)
            return (
              <li key={slug}>
                <Link
                  to={clusterTypePath(slug)}
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
                </Link>
              </li>
            )
          })}
        </ul>
      </section>

      <section className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-primary px-6 py-10 text-primary-foreground sm:px-10 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <h2 className="text-2xl font-semibold tracking-tight">{t('home.ctaTitle')}</h2>
            <p className="mt-2 max-w-xl opacity-90">{t('home.ctaLead')}</p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg" variant="secondary">
              <Link to={LINKS.contactSales}>{t('home.contactSales')}</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
            >
              <Link to={LINKS.scheduleDemo}>{t('home.scheduleDemo')}</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  )
}
