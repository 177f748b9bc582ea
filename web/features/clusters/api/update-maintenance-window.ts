import { clusters } from '#common/contract/clusters.ts'
import type { MaintenanceWindow } from '#common/schemas/clusters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useClusterChange } from './use-cluster-change.ts'
import '#web/lib/strings/clusters.ts'

/** The weekly maintenance window and automatic patch upgrades. */
export function useUpdateMaintenanceWindow(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(
    clusterId,
    clusters.setMaintenance,
    (window: MaintenanceWindow) => ({ params: { id: clusterId }, body: window }),
    t('clusters.toast.maintenanceSaved'),
  )
}
