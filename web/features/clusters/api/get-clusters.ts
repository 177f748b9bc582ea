import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { clusters } from '#common/contract/clusters.ts'
import { queryApi } from '#web/lib/api/call.ts'
import { readsOf } from '#web/lib/api/queries.ts'
import { type ClusterListFilters, clusterListQuery } from '../cluster-list-params.ts'
import { isTransitional } from '../cluster-status.ts'
import { clusterKeys } from './cluster-keys.ts'
import { LIVE_POLL_MS } from './get-cluster.ts'

/** The organization's clusters, filtered and sorted on the server, page by page. */
export function clustersQueryOptions(filters: ClusterListFilters) {
  return infiniteQueryOptions({
    queryKey: clusterKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      queryApi(clusters.list, { query: clusterListQuery(filters, pageParam) }, { signal }),
    meta: readsOf(clusters.list),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // A cluster on the move keeps the list asking, in case a realtime message is lost.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((cluster) => isTransitional(cluster.status)))
        ? LIVE_POLL_MS
        : false,
  })
}

export function useClusters(filters: ClusterListFilters) {
  return useInfiniteQuery(clustersQueryOptions(filters))
}
