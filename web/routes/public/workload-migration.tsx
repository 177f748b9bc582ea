import {
  MIGRATION_SOURCES,
  WORKLOAD_COUNT_RANGES,
  workloadMigrationRequestSchema,
} from '#common/schemas/leads.ts'
import { useSubmitWorkloadMigration } from '#web/features/leads/api/submit-workload-migration.ts'
import type { LeadField } from '#web/features/leads/components/lead-form.tsx'
import { LeadFormScreen } from '#web/features/leads/components/lead-form-screen.tsx'
import { COMPANY_FIELD, EMAIL_FIELD, messageField, NAME_FIELD } from '#web/features/leads/lead-fields.ts'
import '#web/lib/strings/leads.ts'

const FIELDS: LeadField[] = [
  NAME_FIELD,
  EMAIL_FIELD,
  { ...COMPANY_FIELD, half: false },
  { name: 'currentPlatform', kind: 'select', options: MIGRATION_SOURCES, half: true },
  { name: 'workloadCount', kind: 'select', options: WORKLOAD_COUNT_RANGES, half: true },
  messageField('leads.workloadMigration.message'),
]

/** /workload-migration: help moving workloads to Clusterdeck (POST /api/leads/workload-migration). */
export default function WorkloadMigrationRoute() {
  return (
    <LeadFormScreen
      copy="workloadMigration"
      schema={workloadMigrationRequestSchema}
      fields={FIELDS}
      submission={useSubmitWorkloadMigration()}
    />
  )
}
