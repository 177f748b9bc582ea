import { useTranslation } from 'react-i18next'
import { clusters } from '#common/contract/clusters.ts'
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
