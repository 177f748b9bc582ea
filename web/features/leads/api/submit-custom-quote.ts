import { leads } from '#common/contract/leads.ts'
import type { CustomQuoteRequest } from '#common/schemas/leads.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'

/** Asks for a quote tailored to a cluster project. */
export function useSubmitCustomQuote() {
  return useApiMutation(leads.customQuote, { input: (request: CustomQuoteRequest) => ({ body: request }) })
}
