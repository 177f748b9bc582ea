import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { clusterPaths } from '#web/features/clusters/cluster-paths.ts'
import { ClusterLiveStatus } from '#web/features/clusters/components/cluster-live-status.tsx'
import { useClusterLiveUpdates } from '#web/features/clusters/hooks/use-cluster-live-updates.ts'

/** /clusters/{id}/status: the cluster's live progress and state, on the plain layout. */
export default function ClusterStatusRoute() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  useClusterLiveUpdates()
  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-4xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`${t('pages.clusterStatus')} · Clusterdeck`}</title>
      <header className="grid gap-2">
        <Link
          to={clusterPaths.list()}
          className="inline-flex items-center gap-1.5 justify-self-start text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('clusters.detail.back')}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.clusterStatus')}</h1>
        <p className="text-muted-foreground">{t('clusters.live.lead')}</p>
      </header>
      <ClusterLiveStatus clusterId={id} />
    </div>
  )
}
