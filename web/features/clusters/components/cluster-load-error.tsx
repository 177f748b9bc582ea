import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { EmptyState } from '#web/components/layout/empty-state.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { type FailedQuery, isNotFound, LoadError } from '#web/components/ui/retry-alert.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/clusters.ts'

/** A cluster that could not be loaded: not found (or someone else's), or a failure to retry. */
export function ClusterLoadError({ cluster }: { cluster: FailedQuery }) {
  const { t } = useTranslation()
  if (isNotFound(cluster.error)) return <ClusterNotFound />
  return <LoadError title={t('clusters.loadClusterFailed')} query={cluster} />
}

function ClusterNotFound() {
  const { t } = useTranslation()
  return (
    <EmptyState
      testId="cluster-not-found"
      title={t('clusters.notFound.title')}
      hint={t('clusters.notFound.hint')}
      action={
        <Button asChild variant="outline" size="sm">
          <Link to={href('myClusters')}>{t('clusters.notFound.back')}</Link>
        </Button>
      }
    />
  )
}
