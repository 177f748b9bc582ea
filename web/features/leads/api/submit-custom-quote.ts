import { useMutation } from '@tanstack/react-query'
import type { CustomQuoteRequest, LeadReceipt } from '#common/schemas/leads.ts'
import { apiRequest } from '#web/lib/api-client.ts'

/** POST /api/leads/custom-quote. */
export function submitCustomQuote(request: CustomQuoteRequest): Promise<LeadReceipt> {
  return apiRequest<LeadReceipt>('POST', '/api/leads/custom-quote', request)
}

export function useSubmitCustomQuote() {
  return useMutation({ mutationFn: submitCustomQuote })
}
