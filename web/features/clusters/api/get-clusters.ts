import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { ClusterSummary } from '#common/schemas/clusters.ts'
import { queryPath } from '#web/lib/api-client.ts'
import { type ClusterListFilters, clusterListQuery } from '../cluster-list-params.ts'
import { isTransitional } from '../cluster-status.ts'
import { CLUSTERS_PATH, clusterKeys } from './cluster-keys.ts'
import { LIVE_POLL_MS } from './get-cluster.ts'

export type ClusterPage = { items: ClusterSummary[]; nextCursor: string | null }

/** GET /api/clusters: the organization's clusters, filtered and sorted on the server, page by page. */
export function clustersQueryOptions(filters: ClusterListFilters) {
  return infiniteQueryOptions({
    queryKey: clusterKeys.list(filters),
    queryFn: async ({ pageParam, signal }) =>
      (await queryPath<ClusterPage>(
        `${CLUSTERS_PATH}?${clusterListQuery(filters, pageParam)}`,
        'throw',
        signal,
      )) ?? {
        items: [],
        nextCursor: null,
      },
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
