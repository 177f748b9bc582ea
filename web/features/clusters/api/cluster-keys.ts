import type { QueryClient } from '@tanstack/react-query'
import type { ClusterListFilters } from '../cluster-list-params.ts'

export const CLUSTERS_PATH = '/api/clusters'

/**
 * Query keys of the clusters area, general to specific; the first element is the API path they
 * read below, so one prefix refreshes everything a realtime message may have changed.
 */
export const clusterKeys = {
  all: () => [CLUSTERS_PATH] as const,
  lists: () => [CLUSTERS_PATH, 'list'] as const,
  list: (filters: ClusterListFilters) => [CLUSTERS_PATH, 'list', filters] as const,
  detail: (id: string) => [CLUSTERS_PATH, 'detail', id] as const,
  events: (id: string) => [CLUSTERS_PATH, 'detail', id, 'events'] as const,
  operations: (id: string) => [CLUSTERS_PATH, 'detail', id, 'operations'] as const,
  manifests: (id: string) => [CLUSTERS_PATH, 'detail', id, 'manifests'] as const,
}

/** The API path of one cluster (and of its sub-resources after it). */
export function clusterPath(id: string): string {
  return `${CLUSTERS_PATH}/${encodeURIComponent(id)}`
}

/** Whether a query reads cluster or order data: what a cluster's realtime message may change. */
export function readsClusterData(queryKey: readonly unknown[]): boolean {
  const path = String(queryKey[0] ?? '')
  return (
    path.startsWith(CLUSTERS_PATH) ||
    path.startsWith('/api/orders') ||
    // The sidebar's cluster count follows the clusters.
    path === '/api/sidebar-counts'
  )
}

/** Refreshes every cluster and order query (the ones on screen refetch, the others go stale). */
export function invalidateClusterData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => readsClusterData(query.queryKey) })
}
