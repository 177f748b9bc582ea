import { useMutation } from '@tanstack/react-query'
import type { LeadReceipt, WorkloadMigrationRequest } from '#common/schemas/leads.ts'
import { apiRequest } from '#web/lib/api-client.ts'

/** POST /api/leads/workload-migration. */
export function submitWorkloadMigration(request: WorkloadMigrationRequest): Promise<LeadReceipt> {
  return apiRequest<LeadReceipt>('POST', '/api/leads/workload-migration', request)
}

export function useSubmitWorkloadMigration() {
  return useMutation({ mutationFn: submitWorkloadMigration })
}
