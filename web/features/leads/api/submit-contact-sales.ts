import { leads } from '#common/contract/leads.ts'
import type { ContactSalesRequest } from '#common/schemas/leads.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'

/** Asks the sales team to get in touch. */
export function useSubmitContactSales() {
  return useApiMutation(leads.contactSales, { input: (request: ContactSalesRequest) => ({ body: request }) })
}
