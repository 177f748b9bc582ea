import { useTranslation } from 'react-i18next'
import { apiRequest } from '#web/lib/api-client.ts'
import { clusterPath } from './cluster-keys.ts'
import { useClusterChange } from './use-cluster-change.ts'

/** DELETE /api/clusters/{id}: refused unless `confirmName` is the cluster's exact name. */
export function deleteCluster(clusterId: string, confirmName: string) {
  return apiRequest<unknown>('DELETE', clusterPath(clusterId), { confirmName })
}

export function useDeleteCluster(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(
    clusterId,
    (confirmName: string) => deleteCluster(clusterId, confirmName),
    t('clusters.toast.deleting'),
  )
}
