import { queryOptions, useQuery } from '@tanstack/react-query'
import { clusters } from '#common/contract/clusters.ts'
import { callApiText } from '#web/lib/api/call.ts'
import { readsOf } from '#web/lib/api/queries.ts'
import { clusterKeys } from './cluster-keys.ts'

/** The cluster's configuration as YAML (read-only). */
export function clusterManifestsQueryOptions(id: string) {
  return queryOptions({
    queryKey: clusterKeys.manifests(id),
    queryFn: ({ signal }) => callApiText(clusters.manifests, { params: { id } }, signal),
    meta: readsOf(clusters.manifests),
  })
}

export function useClusterManifests(id: string) {
  return useQuery(clusterManifestsQueryOptions(id))
}
