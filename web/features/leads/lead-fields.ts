import type { MessageKey } from '#web/lib/i18n-keys.ts'
import type { LeadField, TextLeadField } from './components/lead-form.tsx'
import '#web/lib/strings/leads.ts'

/** The fields several lead forms share, wired for autofill. */
export const NAME_FIELD: TextLeadField = { name: 'name', kind: 'text', autoComplete: 'name', half: true }
export const EMAIL_FIELD: TextLeadField = { name: 'email', kind: 'email', autoComplete: 'email', half: true }
export const COMPANY_FIELD: TextLeadField = {
  name: 'company',
  kind: 'text',
  autoComplete: 'organization',
  half: true,
}
export const PHONE_FIELD: TextLeadField = {
  name: 'phone',
  kind: 'tel',
  autoComplete: 'tel',
  optional: true,
  hintKey: 'leads.hints.phone',
  half: true,
}

/** The free-text field, labelled for the form it is in (`leads.<form>.message`). */
export function messageField(labelKey: MessageKey, optional = false): LeadField {
  return { name: 'message', kind: 'textarea', labelKey, optional }
}
