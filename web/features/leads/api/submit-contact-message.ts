import { leads } from '#common/contract/leads.ts'
import type { ContactRequest } from '#common/schemas/leads.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'

/** Sends a message to the team. */
export function useSubmitContactMessage() {
  return useApiMutation(leads.contact, { input: (request: ContactRequest) => ({ body: request }) })
}
