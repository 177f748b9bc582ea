import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { clusterTemplateSchema } from '#common/schemas/clusters.ts'
import { queryPath } from '#web/lib/api-client.ts'

export const CLUSTER_TEMPLATES_PATH = '/api/cluster-templates'

const templateListSchema = z.object({ items: z.array(clusterTemplateSchema) })
export type ClusterTemplate = z.infer<typeof clusterTemplateSchema>

/** GET /api/cluster-templates: the organization's saved configurations. */
export const clusterTemplatesQueryOptions = queryOptions({
  queryKey: [CLUSTER_TEMPLATES_PATH],
  queryFn: async ({ signal }): Promise<ClusterTemplate[]> =>
    templateListSchema.parse(await queryPath<unknown>(CLUSTER_TEMPLATES_PATH, 'throw', signal)).items,
})

export function useClusterTemplates(options: { enabled?: boolean } = {}) {
  return useQuery({ ...clusterTemplatesQueryOptions, enabled: options.enabled ?? true })
}
