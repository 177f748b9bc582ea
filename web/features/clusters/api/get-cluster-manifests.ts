import { queryOptions, useQuery } from '@tanstack/react-query'
import { clusterKeys, clusterPath } from './cluster-keys.ts'
import { requestText } from './text-request.ts'

/** GET /api/clusters/{id}/manifests: the cluster's configuration as YAML (read-only). */
export function clusterManifestsQueryOptions(id: string) {
  return queryOptions({
    queryKey: clusterKeys.manifests(id),
    queryFn: ({ signal }) => requestText('GET', `${clusterPath(id)}/manifests`, undefined, signal),
  })
}

export function useClusterManifests(id: string) {
  return useQuery(clusterManifestsQueryOptions(id))
}
