import { leads } from '#common/contract/leads.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'

/** Confirms a subscription with the token of the mailed link (a POST, never a GET: see the route). */
export function useConfirmNewsletter() {
  return useApiMutation(leads.confirmNewsletter, { input: (token: string) => ({ body: { token } }) })
}
