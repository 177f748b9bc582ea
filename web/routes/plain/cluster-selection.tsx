import { ArrowRight, Check, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import type { Catalog, ClusterType } from '#common/schemas/catalog.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useCatalog } from '#web/features/catalog/api/get-catalog.ts'
import { CatalogError } from '#web/features/cluster-config/components/catalog-error.tsx'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { Messages } from '#web/locales/en.ts'
import '#web/lib/strings/cluster-config.ts'
import { startingMonthlyCents } from '#common/pricing.ts'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'
import { usePercent } from '#web/lib/use-percent.ts'

type SelectionRow = keyof Messages['clusterConfig']['selection']['rows']

/** /cluster-selection: the seven cluster types side by side, each with a way into the wizard. */
export default function ClusterSelectionRoute() {
  const { t } = useTranslation()
  const catalog = useCatalog()

  let content: React.ReactNode
  if (catalog.isPending)
    content = (
      <div role="status" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <span className="sr-only">{t('clusterConfig.selection.loading')}</span>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-80 rounded-xl" />
        ))}
      </div>
    )
  else if (catalog.isError) content = <CatalogError catalog={catalog} />
  else
    content = (
      <>
        <ComparisonTable catalog={catalog.data} />
        <ComparisonCards catalog={catalog.data} />
      </>
    )

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid max-w-3xl gap-2">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.clusterSelection')}</h1>
          <p className="text-muted-foreground">{t('clusterConfig.selection.lead')}</p>
        </div>
        <Button asChild variant="outline">
          <Link to={href('smartSuggestions')}>
            <Sparkles aria-hidden="true" />
            {t('clusterConfig.selection.suggest')}
          </Link>
        </Button>
      </header>
      {content}
    </div>
  )
}

function configureHref(type: ClusterType): string {
  return href('configureCluster', { type: type.id })
}

function useFacts() {
  const { t } = useTranslation()
  const money = useMoney()
  const percent = usePercent()
  return (type: ClusterType, catalog: Catalog) => ({
    priceFrom: t('clusterConfig.selection.perMonth', {
      price: money.cents(startingMonthlyCents(type, catalog.nodeFlavors)),
    }),
    sla: type.slaPercent === null ? t('clusterConfig.selection.noSla') : percent(type.slaPercent),
    controlPlane: t(`clusterConfig.selection.controlPlanes.${type.controlPlaneMode}`),
    flavors: t('clusterConfig.selection.flavorCount', { count: type.allowedFlavorIds.length }),
  })
}

/** Large screens: one column per type, one row per fact. */
function ComparisonTable({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation()
  const factsOf = useFacts()
  const types = catalog.clusterTypes
  const rows: { key: SelectionRow; render: (type: ClusterType) => React.ReactNode }[] = [
    {
      key: 'priceFrom',
      render: (type) => <strong className="tabular-nums">{factsOf(type, catalog).priceFrom}</strong>,
    },
    { key: 'sla', render: (type) => factsOf(type, catalog).sla },
    { key: 'controlPlane', render: (type) => factsOf(type, catalog).controlPlane },
    { key: 'flavors', render: (type) => factsOf(type, catalog).flavors },
    { key: 'features', render: (type) => <BulletList items={type.includedFeatures} check /> },
    { key: 'useCases', render: (type) => <BulletList items={type.useCases} /> },
  ]
  return (
    <div className="hidden overflow-x-auto rounded-xl border bg-card lg:block">
      <table
        className="w-full min-w-[64rem] table-fixed border-collapse text-sm"
        data-testid="cluster-comparison"
      >
        <caption className="sr-only">{t('clusterConfig.selection.caption')}</caption>
        <thead>
          <tr>
            <td className="w-36 border-b p-3" />
            {types.map((type) => (
              <th key={type.id} scope="col" className="border-b p-3 text-left align-top" data-type={type.id}>
                <span className="flex items-center gap-2">
                  <span
                    className="size-3 shrink-0 rounded-full"
                    style={{ background: type.colour }}
                    aria-hidden="true"
                  />
                  <span className="font-semibold">{clusterTypeName(t, type)}</span>
                </span>
                <span className="mt-1 block text-xs font-normal text-muted-foreground">{type.tagline}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="even:bg-muted/30">
              <th scope="row" className="p-3 text-left align-top font-medium text-muted-foreground">
                {t(`clusterConfig.selection.rows.${row.key}`)}
              </th>
              {types.map((type) => (
                <td key={type.id} className="p-3 align-top">
                  {row.render(type)}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <td className="p-3" />
            {types.map((type) => (
              <td key={type.id} className="p-3">
                <ConfigureLink type={type} />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  )
}

/** Small screens: a card per type with the same facts. */
function ComparisonCards({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation()
  const factsOf = useFacts()
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:hidden">
      {catalog.clusterTypes.map((type) => {
        const facts = factsOf(type, catalog)
        return (
          <li key={type.id}>
            <article
              aria-labelledby={`type-card-${type.id}`}
              data-testid="cluster-type-card"
              data-type={type.id}
              className="flex h-full flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm"
            >
              <div className="grid gap-1">
                <h2 id={`type-card-${type.id}`} className="flex items-center gap-2 text-lg font-semibold">
                  <span
                    className="size-3 rounded-full"
                    style={{ background: type.colour }}
                    aria-hidden="true"
                  />
                  {clusterTypeName(t, type)}
                </h2>
                <p className="text-sm text-muted-foreground">{type.tagline}</p>
              </div>
              <dl className="grid grid-cols-2 gap-3 text-sm">
                {(['priceFrom', 'sla', 'controlPlane', 'flavors'] as const).map((key) => (
                  <div key={key} className="grid gap-0.5">
                    <dt className="text-muted-foreground">{t(`clusterConfig.selection.rows.${key}`)}</dt>
                    <dd className="font-medium">{facts[key]}</dd>
                  </div>
                ))}
              </dl>
              <div className="grid gap-1 text-sm">
                <h3 className="font-medium">{t('clusterConfig.selection.rows.features')}</h3>
                <BulletList items={type.includedFeatures} check />
              </div>
              <div className="grid gap-1 text-sm">
                <h3 className="font-medium">{t('clusterConfig.selection.rows.useCases')}</h3>
                <BulletList items={type.useCases} />
              </div>
              <div className="mt-auto">
                <ConfigureLink type={type} />
              </div>
            </article>
          </li>
        )
      })}
    </ul>
  )
}

function BulletList({ items, check = false }: { items: readonly string[]; check?: boolean }) {
  return (
    <ul className="grid gap-1">
      {items.map((item) => (
        <li key={item} className="flex gap-1.5">
          {check ? (
            <Check className="mt-0.5 size-3.5 shrink-0 text-success" aria-hidden="true" />
          ) : (
            <span className="text-muted-foreground" aria-hidden="true">
              •
            </span>
          )}
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}

function ConfigureLink({ type }: { type: ClusterType }) {
  const { t } = useTranslation()
  return (
    <Button asChild size="sm" className="w-full">
      <Link to={configureHref(type)} data-testid="configure-type" data-type={type.id}>
        {t('clusterConfig.selection.configure')}
        <span className="sr-only"> {clusterTypeName(t, type)}</span>
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  )
}
