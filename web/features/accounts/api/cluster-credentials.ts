import { useQuery } from '@tanstack/react-query'
import { clusters } from '#common/contract/clusters.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { apiQuery } from '#web/lib/api/queries.ts'
import { itemsOf } from './accounts.ts'

/** The person's own cluster credentials: each kubeconfig they downloaded, until it expires. */
export const useClusterCredentials = () => useQuery({ ...apiQuery(clusters.credentials), select: itemsOf })
export const useRevokeClusterCredential = () =>
  useApiMutation(clusters.revokeCredential, { input: (id: string) => ({ params: { id } }) })
