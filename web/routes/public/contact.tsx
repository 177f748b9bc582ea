import { CONTACT_TOPICS, contactRequestSchema } from '#common/schemas/leads.ts'
import { useSubmitContactMessage } from '#web/features/leads/api/submit-contact-message.ts'
import type { LeadField } from '#web/features/leads/components/lead-form.tsx'
import { LeadFormScreen } from '#web/features/leads/components/lead-form-screen.tsx'
import { EMAIL_FIELD, messageField, NAME_FIELD } from '#web/features/leads/lead-fields.ts'
import { SellerIdentityCard } from '#web/features/legal/components/seller-identity-card.tsx'
import '#web/lib/strings/leads.ts'

const FIELDS: LeadField[] = [
  NAME_FIELD,
  EMAIL_FIELD,
  { name: 'topic', kind: 'select', options: CONTACT_TOPICS },
  messageField('leads.fields.message'),
]

/**
 * /contact: a message to the Clusterdeck team (POST /api/leads/contact), beside the operator's
 * legal identity and contacts (GET /api/legal/seller).
 */
export default function ContactRoute() {
  return (
    <LeadFormScreen
      copy="contact"
      schema={contactRequestSchema}
      fields={FIELDS}
      submission={useSubmitContactMessage()}
      aside={<SellerIdentityCard />}
    />
  )
}
