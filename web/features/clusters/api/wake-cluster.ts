import { useTranslation } from 'react-i18next'
import { apiRequest } from '#web/lib/api-client.ts'
import { clusterPath } from './cluster-keys.ts'
import { useClusterChange } from './use-cluster-change.ts'

/** POST /api/clusters/{id}/wake: a hibernated cluster gets its nodes back. */
export function wakeCluster(clusterId: string) {
  return apiRequest<unknown>('POST', `${clusterPath(clusterId)}/wake`)
}

export function useWakeCluster(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(clusterId, () => wakeCluster(clusterId), t('clusters.toast.waking'))
}
