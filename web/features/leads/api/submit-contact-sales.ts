import { useMutation } from '@tanstack/react-query'
import type { ContactSalesRequest, LeadReceipt } from '#common/schemas/leads.ts'
import { apiRequest } from '#web/lib/api-client.ts'

/** POST /api/leads/contact-sales. */
export function submitContactSales(request: ContactSalesRequest): Promise<LeadReceipt> {
  return apiRequest<LeadReceipt>('POST', '/api/leads/contact-sales', request)
}

export function useSubmitContactSales() {
  return useMutation({ mutationFn: submitContactSales })
}
