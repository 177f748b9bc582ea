import { useQuery } from '@tanstack/react-query'
import type { ClusterCredential } from '#common/schemas/clusters.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { listOf, useChange } from './accounts.ts'

/** The person's own cluster credentials: each kubeconfig they downloaded, until it expires. */
export const CLUSTER_CREDENTIALS_PATH = '/api/user/cluster-credentials'

export const useClusterCredentials = () => useQuery(listOf<ClusterCredential>(CLUSTER_CREDENTIALS_PATH))
export const useRevokeClusterCredential = () =>
  useChange(
    (id: string) => apiRequest('DELETE', `${CLUSTER_CREDENTIALS_PATH}/${id}`),
    [CLUSTER_CREDENTIALS_PATH],
  )
