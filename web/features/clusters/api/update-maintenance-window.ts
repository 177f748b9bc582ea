import { useTranslation } from 'react-i18next'
import type { ClusterDetail, MaintenanceWindow } from '#common/schemas/clusters.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { clusterPath } from './cluster-keys.ts'
import { useClusterChange } from './use-cluster-change.ts'

/** PUT /api/clusters/{id}/maintenance: the weekly window and automatic patch upgrades. */
export function updateMaintenanceWindow(clusterId: string, window: MaintenanceWindow) {
  return apiRequest<ClusterDetail>('PUT', `${clusterPath(clusterId)}/maintenance`, window)
}

export function useUpdateMaintenanceWindow(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(
    clusterId,
    (window: MaintenanceWindow) => updateMaintenanceWindow(clusterId, window),
    t('clusters.toast.maintenanceSaved'),
  )
}
