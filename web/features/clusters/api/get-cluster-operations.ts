import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Operation } from '#common/schemas/clusters.ts'
import { queryPath } from '#web/lib/api-client.ts'
import { clusterKeys, clusterPath } from './cluster-keys.ts'

/** GET /api/clusters/{id}/operations: every operation on the cluster, newest first. */
export function clusterOperationsQueryOptions(id: string) {
  return queryOptions({
    queryKey: clusterKeys.operations(id),
    queryFn: async ({ signal }) =>
      (await queryPath<{ items: Operation[] }>(`${clusterPath(id)}/operations`, 'throw', signal))?.items ??
      [],
  })
}

export function useClusterOperations(id: string) {
  return useQuery(clusterOperationsQueryOptions(id))
}
