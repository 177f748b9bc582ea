import { queryOptions, useQuery } from '@tanstack/react-query'
import { clusters } from '#common/contract/clusters.ts'
import { apiQuery } from '#web/lib/api/queries.ts'
import { isClusterBusy } from '../cluster-status.ts'

/** While an operation runs the page also asks every 5 s, in case a realtime message is lost. */
export const LIVE_POLL_MS = 5_000

/** One cluster with its current (or last) operation, nodes and cost. */
export function clusterQueryOptions(id: string) {
  return queryOptions({
    ...apiQuery(clusters.get, { params: { id } }),
    refetchInterval: (query) => {
      const cluster = query.state.data
      return cluster && isClusterBusy(cluster) ? LIVE_POLL_MS : false
    },
  })
}

export function useCluster(id: string | undefined) {
  return useQuery({ ...clusterQueryOptions(id ?? ''), enabled: Boolean(id) })
}
