import { clusters } from '#common/contract/clusters.ts'
import type { ClusterConfiguration } from '#common/schemas/clusters.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'

/** Saves a configuration as a template; the template lists refresh (the contract's `changes`). */
export function useSaveClusterTemplate() {
  return useApiMutation(clusters.saveTemplate, {
    input: (request: { name: string; configuration: ClusterConfiguration }) => ({ body: request }),
  })
}
