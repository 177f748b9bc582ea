import { useTranslation } from 'react-i18next'
import type { ClusterDetail } from '#common/schemas/clusters.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { clusterPath } from './cluster-keys.ts'
import { useClusterChange } from './use-cluster-change.ts'

/** POST /api/clusters/{id}/credentials/rotate: new tokens; every kubeconfig issued before stops working. */
export function rotateCredentials(clusterId: string) {
  return apiRequest<ClusterDetail>('POST', `${clusterPath(clusterId)}/credentials/rotate`)
}

export function useRotateCredentials(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(clusterId, () => rotateCredentials(clusterId), t('clusters.toast.rotated'))
}
