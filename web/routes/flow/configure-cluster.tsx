import { Suspense } from 'react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useCatalog } from '#web/features/catalog/api/get-catalog.ts'
import { useClusterTemplates } from '#web/features/cluster-config/api/get-cluster-templates.ts'
import { CatalogError } from '#web/features/cluster-config/components/catalog-error.tsx'
import { lazyBesideReads, useLoadAfterPaint } from '#web/lib/on-demand.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/cluster-config.ts'

/**
 * The wizard (its steps, the form library, the validators) loads beside the catalog and the
 * templates it waits for, once the screen's heading has painted.
 */
const ClusterWizard = lazyBesideReads(() =>
  import('#web/features/cluster-config/components/cluster-wizard.tsx').then((module) => module.ClusterWizard),
)

/**
 * /configure-cluster and /clusters/configure: the configuration wizard (flow layout). The saved
 * templates are asked beside the catalog and the wizard shows once both have answered: the
 * template picker on top of the first step would otherwise appear or vanish above the cluster
 * types as they are read.
 */
export default function ConfigureClusterRoute() {
  const { t } = useTranslation()
  const catalog = useCatalog()
  const templates = useClusterTemplates()
  useLoadAfterPaint(ClusterWizard)

  const loading = <WizardSkeleton label={t('clusterConfig.loading')} />
  let content: React.ReactNode
  if (catalog.isPending || templates.isPending) content = loading
  else if (catalog.isError) content = <CatalogError catalog={catalog} />
  else
    content = (
      <Suspense fallback={loading}>
        <ClusterWizard catalog={catalog.data} />
      </Suspense>
    )

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid max-w-3xl gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.configureCluster')}</h1>
        <p className="text-muted-foreground">
          {t('clusterConfig.lead')}{' '}
          <Link
            to={href('clusterSelection')}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('clusterConfig.compareTypes')}
          </Link>{' '}
          ·{' '}
          <Link
            to={href('smartSuggestions')}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('clusterConfig.getSuggestion')}
          </Link>
        </p>
      </header>
      {content}
    </div>
  )
}

function WizardSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <span className="sr-only">{label}</span>
      <div className="grid gap-4" aria-hidden="true">
        <div className="grid grid-cols-7 gap-2">
          {Array.from({ length: 7 }, (_, index) => (
            <Skeleton key={index} className="mx-auto size-8 rounded-full" />
          ))}
        </div>
        <Skeleton className="h-7 w-48 rounded" />
        <div className="grid gap-3 sm:grid-cols-2">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-28 rounded-xl" />
          ))}
        </div>
      </div>
      <Skeleton className="hidden h-72 rounded-xl lg:block" />
    </div>
  )
}
