import { leads } from '#common/contract/leads.ts'
import type { WorkloadMigrationRequest } from '#common/schemas/leads.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'

/** Asks for help moving workloads. */
export function useSubmitWorkloadMigration() {
  return useApiMutation(leads.workloadMigration, {
    input: (request: WorkloadMigrationRequest) => ({ body: request }),
  })
}
