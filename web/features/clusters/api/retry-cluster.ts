import { useTranslation } from 'react-i18next'
import { apiRequest } from '#web/lib/api-client.ts'
import { clusterPath } from './cluster-keys.ts'
import { useClusterChange } from './use-cluster-change.ts'

/** POST /api/clusters/{id}/retry: a failed cluster's operation resumes from its failed step. */
export function retryCluster(clusterId: string) {
  return apiRequest<unknown>('POST', `${clusterPath(clusterId)}/retry`)
}

export function useRetryCluster(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(clusterId, () => retryCluster(clusterId), t('clusters.toast.retrying'))
}
