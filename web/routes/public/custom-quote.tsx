import { customQuoteRequestSchema, NODE_COUNT_RANGES, QUOTE_CLUSTER_TYPES } from '#common/schemas/leads.ts'
import { useSubmitCustomQuote } from '#web/features/leads/api/submit-custom-quote.ts'
import type { LeadField } from '#web/features/leads/components/lead-form.tsx'
import { LeadFormScreen } from '#web/features/leads/components/lead-form-screen.tsx'
import {
  COMPANY_FIELD,
  EMAIL_FIELD,
  messageField,
  NAME_FIELD,
  PHONE_FIELD,
} from '#web/features/leads/lead-fields.ts'
import '#web/lib/strings/leads.ts'

const FIELDS: LeadField[] = [
  NAME_FIELD,
  EMAIL_FIELD,
  COMPANY_FIELD,
  PHONE_FIELD,
  { name: 'clusterType', kind: 'select', options: QUOTE_CLUSTER_TYPES, half: true },
  { name: 'nodeCount', kind: 'select', options: NODE_COUNT_RANGES, half: true },
  messageField('leads.customQuote.message'),
]

/** /custom-quote: a quote tailored to a cluster project (POST /api/leads/custom-quote). */
export default function CustomQuoteRoute() {
  return (
    <LeadFormScreen
      copy="customQuote"
      schema={customQuoteRequestSchema}
      fields={FIELDS}
      submission={useSubmitCustomQuote()}
    />
  )
}
