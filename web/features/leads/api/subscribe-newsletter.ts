import { useMutation } from '@tanstack/react-query'
import type { NewsletterSubscribeRequest } from '#common/schemas/leads.ts'
import { apiRequest } from '#web/lib/api-client.ts'

/** POST /api/newsletter/subscriptions: mails a link that confirms the subscription. */
export function subscribeNewsletter(request: NewsletterSubscribeRequest): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', '/api/newsletter/subscriptions', request)
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter })
}
