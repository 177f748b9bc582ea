import { leads } from '#common/contract/leads.ts'
import type { NewsletterSubscribeRequest } from '#common/schemas/leads.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'

/** Subscribes to the newsletter: mails a link that confirms the subscription. */
export function useSubscribeNewsletter() {
  return useApiMutation(leads.subscribeNewsletter, {
    input: (request: NewsletterSubscribeRequest) => ({ body: request }),
  })
}
