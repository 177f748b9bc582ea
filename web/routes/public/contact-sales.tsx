import { COMPANY_SIZES, contactSalesRequestSchema } from '#common/schemas/leads.ts'
import { useSubmitContactSales } from '#web/features/leads/api/submit-contact-sales.ts'
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
  { name: 'companySize', kind: 'select', options: COMPANY_SIZES },
  messageField('leads.contactSales.message'),
]

/** /contact-sales: a visitor asks the sales team to get in touch (POST /api/leads/contact-sales). */
export default function ContactSalesRoute() {
  return (
    <LeadFormScreen
      copy="contactSales"
      schema={contactSalesRequestSchema}
      fields={FIELDS}
      submission={useSubmitContactSales()}
    />
  )
}
