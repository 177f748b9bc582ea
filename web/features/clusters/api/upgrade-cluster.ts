import { useTranslation } from 'react-i18next'
import type { ClusterDetail } from '#common/schemas/clusters.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { clusterPath } from './cluster-keys.ts'
import { useClusterChange } from './use-cluster-change.ts'

/** POST /api/clusters/{id}/upgrade: to the next minor version only (an upgrade operation). */
export function upgradeCluster(clusterId: string, version: string) {
  return apiRequest<ClusterDetail>('POST', `${clusterPath(clusterId)}/upgrade`, { version })
}

export function useUpgradeCluster(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(
    clusterId,
    (version: string) => upgradeCluster(clusterId, version),
    t('clusters.toast.upgrading'),
  )
}
