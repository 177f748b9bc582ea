import { clusters } from '#common/contract/clusters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useClusterChange } from './use-cluster-change.ts'
import '#web/lib/strings/clusters.ts'

/** A failed cluster's operation resumes from its failed step. */
export function useRetryCluster(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(
    clusterId,
    clusters.retry,
    () => ({ params: { id: clusterId } }),
    t('clusters.toast.retrying'),
  )
}
