import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ClusterConfiguration } from '#common/schemas/clusters.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { CLUSTER_TEMPLATES_PATH, type ClusterTemplate } from './get-cluster-templates.ts'

/** POST /api/cluster-templates {name, configuration}. */
export function saveClusterTemplate(request: {
  name: string
  configuration: ClusterConfiguration
}): Promise<ClusterTemplate> {
  return apiRequest<ClusterTemplate>('POST', CLUSTER_TEMPLATES_PATH, request)
}

export function useSaveClusterTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveClusterTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CLUSTER_TEMPLATES_PATH] }),
  })
}
