import { clusters } from '#common/contract/clusters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useClusterChange } from './use-cluster-change.ts'
import '#web/lib/strings/clusters.ts'

/** Deletes the cluster: refused unless `confirmName` is the cluster's exact name. */
export function useDeleteCluster(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(
    clusterId,
    clusters.delete,
    (confirmName: string) => ({ params: { id: clusterId }, body: { confirmName } }),
    t('clusters.toast.deleting'),
  )
}
