import { clusters } from '#common/contract/clusters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useClusterChange } from './use-cluster-change.ts'
import '#web/lib/strings/clusters.ts'

/** Hibernates the cluster: nodes to zero, billing paused (Dev/Test and Sandbox only). */
export function useHibernateCluster(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(
    clusterId,
    clusters.hibernate,
    () => ({ params: { id: clusterId } }),
    t('clusters.toast.hibernating'),
  )
}
