import { queryOptions, useQuery } from '@tanstack/react-query'
import { clusters } from '#common/contract/clusters.ts'
import type { ResultOf } from '#web/lib/api/call.ts'
import { apiQuery } from '#web/lib/api/queries.ts'

export type ClusterTemplate = ResultOf<typeof clusters.templates>['items'][number]

/** The organization's saved configurations. */
export const clusterTemplatesQueryOptions = queryOptions({
  ...apiQuery(clusters.templates),
  select: (answer) => answer.items,
})

export function useClusterTemplates(options: { enabled?: boolean } = {}) {
  return useQuery({ ...clusterTemplatesQueryOptions, enabled: options.enabled ?? true })
}
