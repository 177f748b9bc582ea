import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ClusterDetail } from '#common/schemas/clusters.ts'
import { queryPath } from '#web/lib/api-client.ts'
import { isClusterBusy } from '../cluster-status.ts'
import { clusterKeys, clusterPath } from './cluster-keys.ts'

/** While an operation runs the page also asks every 5 s, in case a realtime message is lost. */
export const LIVE_POLL_MS = 5_000

/** GET /api/clusters/{id}: the cluster with its current (or last) operation, nodes and cost. */
export function clusterQueryOptions(id: string) {
  return queryOptions({
    queryKey: clusterKeys.detail(id),
    queryFn: async ({ signal }) => (await queryPath<ClusterDetail>(clusterPath(id), 'throw', signal))!,
    refetchInterval: (query) => {
      const cluster = query.state.data
      return cluster && isClusterBusy(cluster) ? LIVE_POLL_MS : false
    },
  })
}

export function useCluster(id: string | undefined) {
  return useQuery({ ...clusterQueryOptions(id ?? ''), enabled: Boolean(id) })
}
