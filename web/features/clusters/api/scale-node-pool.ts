import type { z } from 'zod'
import { clusters } from '#common/contract/clusters.ts'
import type { scaleNodePoolSchema } from '#common/schemas/clusters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useClusterChange } from './use-cluster-change.ts'
import '#web/lib/strings/clusters.ts'

export type NodePoolChange = z.input<typeof scaleNodePoolSchema>

/** A pool's new node count and autoscaling (a scale operation). */
export function useScaleNodePool(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(
    clusterId,
    clusters.scaleNodePool,
    ({ poolName, change }: { poolName: string; change: NodePoolChange }) => ({
      params: { id: clusterId, pool: poolName },
      body: change,
    }),
    t('clusters.toast.scaling'),
  )
}
