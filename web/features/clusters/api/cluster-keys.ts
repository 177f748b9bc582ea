import { clusters } from '#common/contract/clusters.ts'
import { apiKey } from '#web/lib/api/queries.ts'
import type { ClusterListFilters } from '../cluster-list-params.ts'

/**
 * Query keys of the clusters area, from the contract's endpoints. What refreshes them is the
 * contract's to say (what each endpoint and realtime message changes, lib/api/refresh.ts).
 */
export const clusterKeys = {
  lists: () => apiKey(clusters.list),
  list: (filters: ClusterListFilters) => [...apiKey(clusters.list), filters] as const,
  detail: (id: string) => apiKey(clusters.get, { params: { id } }),
  events: (id: string) => apiKey(clusters.events, { params: { id } }),
  operations: (id: string) => apiKey(clusters.operations, { params: { id } }),
  manifests: (id: string) => apiKey(clusters.manifests, { params: { id } }),
}
