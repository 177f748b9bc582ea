import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { ClusterEvent } from '#common/schemas/clusters.ts'
import { queryPath } from '#web/lib/api-client.ts'
import { clusterKeys, clusterPath } from './cluster-keys.ts'

export const EVENTS_PAGE_SIZE = 20

type EventPage = { items: ClusterEvent[]; nextCursor: string | null }

/** GET /api/clusters/{id}/events: the cluster's timeline, newest first, page by page. */
export function clusterEventsQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: clusterKeys.events(id),
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(EVENTS_PAGE_SIZE) })
      if (pageParam) query.set('cursor', pageParam)
      return (
        (await queryPath<EventPage>(`${clusterPath(id)}/events?${query}`, 'throw', signal)) ?? {
          items: [],
          nextCursor: null,
        }
      )
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export function useClusterEvents(id: string) {
  return useInfiniteQuery(clusterEventsQueryOptions(id))
}
