import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '#web/lib/api-client.ts'
import { CLUSTER_TEMPLATES_PATH } from './get-cluster-templates.ts'

/** DELETE /api/cluster-templates/:id. */
export function deleteClusterTemplate(id: string): Promise<unknown> {
  return apiRequest('DELETE', `${CLUSTER_TEMPLATES_PATH}/${encodeURIComponent(id)}`)
}

export function useDeleteClusterTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteClusterTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CLUSTER_TEMPLATES_PATH] }),
  })
}
