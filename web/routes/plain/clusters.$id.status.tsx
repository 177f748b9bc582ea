import { useParams } from 'react-router'
import { href } from '#common/routes.ts'
import { BackLink } from '#web/components/layout/back-link.tsx'
import { ClusterLiveStatus } from '#web/features/clusters/components/cluster-live-status.tsx'
import { useClusterLiveUpdates } from '#web/features/clusters/hooks/use-cluster-live-updates.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/clusters.ts'

/** /clusters/{id}/status: the cluster's live progress and state, on the plain layout. */
export default function ClusterStatusRoute() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  useClusterLiveUpdates()
  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-4xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid gap-2">
        <BackLink to={href('myClusters')}>{t('clusters.detail.back')}</BackLink>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.clusterStatus')}</h1>
        <p className="text-muted-foreground">{t('clusters.live.lead')}</p>
      </header>
      <ClusterLiveStatus clusterId={id} />
    </div>
  )
}
