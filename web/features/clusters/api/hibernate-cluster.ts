import { useTranslation } from 'react-i18next'
import { apiRequest } from '#web/lib/api-client.ts'
import { clusterPath } from './cluster-keys.ts'
import { useClusterChange } from './use-cluster-change.ts'

/** POST /api/clusters/{id}/hibernate: nodes to zero, billing paused (Dev/Test and Sandbox only). */
export function hibernateCluster(clusterId: string) {
  return apiRequest<unknown>('POST', `${clusterPath(clusterId)}/hibernate`)
}

export function useHibernateCluster(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(clusterId, () => hibernateCluster(clusterId), t('clusters.toast.hibernating'))
}
