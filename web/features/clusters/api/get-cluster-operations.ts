import { queryOptions, useQuery } from '@tanstack/react-query'
import { clusters } from '#common/contract/clusters.ts'
import { queryApi } from '#web/lib/api/call.ts'
import { readsOf } from '#web/lib/api/queries.ts'
import { clusterKeys } from './cluster-keys.ts'

/** Every operation on the cluster, newest first. */
export function clusterOperationsQueryOptions(id: string) {
  return queryOptions({
    queryKey: clusterKeys.operations(id),
    queryFn: async ({ signal }) =>
      (await queryApi(clusters.operations, { params: { id } }, { signal })).items,
    meta: readsOf(clusters.operations),
  })
}

export function useClusterOperations(id: string) {
  return useQuery(clusterOperationsQueryOptions(id))
}
