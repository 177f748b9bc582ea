import { useMutation } from '@tanstack/react-query'
import type { NewsletterConfirmResponse } from '#common/schemas/leads.ts'
import { apiRequest } from '#web/lib/api-client.ts'

/** POST /api/newsletter/confirm with the token of the mailed link (never a GET: see the route). */
export function confirmNewsletter(token: string): Promise<NewsletterConfirmResponse> {
  return apiRequest<NewsletterConfirmResponse>('POST', '/api/newsletter/confirm', { token })
}

export function useConfirmNewsletter() {
  return useMutation({ mutationFn: confirmNewsletter })
}
