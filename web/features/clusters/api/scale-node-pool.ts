import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import type { ClusterDetail, scaleNodePoolSchema } from '#common/schemas/clusters.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { clusterPath } from './cluster-keys.ts'
import { useClusterChange } from './use-cluster-change.ts'

export type NodePoolChange = z.input<typeof scaleNodePoolSchema>

/** PATCH /api/clusters/{id}/node-pools/{pool}: a new node count and autoscaling (a scale operation). */
export function scaleNodePool(clusterId: string, poolName: string, change: NodePoolChange) {
  return apiRequest<ClusterDetail>(
    'PATCH',
    `${clusterPath(clusterId)}/node-pools/${encodeURIComponent(poolName)}`,
    change,
  )
}

export function useScaleNodePool(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(
    clusterId,
    ({ poolName, change }: { poolName: string; change: NodePoolChange }) =>
      scaleNodePool(clusterId, poolName, change),
    t('clusters.toast.scaling'),
  )
}
