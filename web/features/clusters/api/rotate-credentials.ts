import { clusters } from '#common/contract/clusters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useClusterChange } from './use-cluster-change.ts'
import '#web/lib/strings/clusters.ts'

/** New tokens for the cluster: every kubeconfig issued before stops working. */
export function useRotateCredentials(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(
    clusterId,
    clusters.rotateCredentials,
    () => ({ params: { id: clusterId } }),
    t('clusters.toast.rotated'),
  )
}
