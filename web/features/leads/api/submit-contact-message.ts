import { useMutation } from '@tanstack/react-query'
import type { ContactRequest, LeadReceipt } from '#common/schemas/leads.ts'
import { apiRequest } from '#web/lib/api-client.ts'

/** POST /api/leads/contact. */
export function submitContactMessage(request: ContactRequest): Promise<LeadReceipt> {
  return apiRequest<LeadReceipt>('POST', '/api/leads/contact', request)
}

export function useSubmitContactMessage() {
  return useMutation({ mutationFn: submitContactMessage })
}
