import { clusters } from '#common/contract/clusters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useClusterChange } from './use-cluster-change.ts'
import '#web/lib/strings/clusters.ts'

/** Wakes a hibernated cluster: its nodes come back. */
export function useWakeCluster(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(
    clusterId,
    clusters.wake,
    () => ({ params: { id: clusterId } }),
    t('clusters.toast.waking'),
  )
}
