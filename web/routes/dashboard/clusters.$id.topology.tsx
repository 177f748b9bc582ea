import { useParams } from 'react-router'
import { href } from '#common/routes.ts'
import { BackLink } from '#web/components/layout/back-link.tsx'
import { useCatalog } from '#web/features/catalog/api/get-catalog.ts'
import { TopologyView } from '#web/features/clusters/components/topology-view.tsx'
import { useClusterLiveUpdates } from '#web/features/clusters/hooks/use-cluster-live-updates.ts'
import { useTheme } from '#web/lib/preferences/preferences-provider.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/cluster-operations.ts'

/** /clusters/{id}/topology: the cluster's live graph in the dashboard. */
export default function ClusterTopologyRoute() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  useClusterLiveUpdates()
  const catalog = useCatalog()
  const { resolvedTheme } = useTheme()
  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="grid gap-2">
        <BackLink to={href('clusterDetail', { id: id })}>
          {t('clusterOperations.topology.backToCluster')}
        </BackLink>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.clusterTopology')}</h1>
      </header>
      <TopologyView clusterId={id} catalog={catalog.data} colorMode={resolvedTheme} />
    </div>
  )
}
