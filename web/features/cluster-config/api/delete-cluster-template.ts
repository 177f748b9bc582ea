import { clusters } from '#common/contract/clusters.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'

/** Deletes a saved template; the template lists refresh (the contract's `changes`). */
export function useDeleteClusterTemplate() {
  return useApiMutation(clusters.deleteTemplate, { input: (id: string) => ({ params: { id } }) })
}
