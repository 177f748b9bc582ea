import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { clusters } from '#common/contract/clusters.ts'
import { queryApi } from '#web/lib/api/call.ts'
import { readsOf } from '#web/lib/api/queries.ts'
import { clusterKeys } from './cluster-keys.ts'

export const EVENTS_PAGE_SIZE = 20

/** The cluster's timeline, newest first, page by page. */
export function clusterEventsQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: clusterKeys.events(id),
    queryFn: ({ pageParam, signal }) =>
      queryApi(
        clusters.events,
        { params: { id }, query: { limit: EVENTS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } },
        { signal },
      ),
    meta: readsOf(clusters.events),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export function useClusterEvents(id: string) {
  return useInfiniteQuery(clusterEventsQueryOptions(id))
}
