import { lazy, Suspense } from 'react'
import { useParams } from 'react-router'
import { useCatalog } from '#web/features/catalog/api/get-catalog.ts'
import { useCluster } from '#web/features/clusters/api/get-cluster.ts'
import { ClusterDetailView } from '#web/features/clusters/components/detail/cluster-detail-view.tsx'
import { useClusterLiveUpdates } from '#web/features/clusters/hooks/use-cluster-live-updates.ts'

/** The products on the cluster come under it, after it: their code loads with the cluster's reads. */
const ClusterInstallations = lazy(() =>
  import('#web/features/marketplace/components/cluster-installations.tsx').then((module) => ({
    default: module.ClusterInstallations,
  })),
)

/**
 * /clusters/{id} and /cluster-detail/{id}: one cluster to operate, live, and the products on it.
 * The cluster shows once the catalog that names its parts has come too, and its products come
 * under it then: drawn beside the loading placeholder, they would be pushed down the screen when
 * the taller cluster view replaces it.
 */
export default function ClusterDetailRoute() {
  const { id = '' } = useParams()
  useClusterLiveUpdates()
  const catalog = useCatalog()
  const cluster = useCluster(id)
  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <ClusterDetailView clusterId={id} catalog={catalog.data} catalogPending={catalog.isPending} />
      {cluster.isSuccess && !catalog.isPending && (
        <Suspense fallback={null}>
          <ClusterInstallations clusterId={id} />
        </Suspense>
      )}
    </div>
  )
}
