import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  CreditGrantRequest,
  CreditGrantResponse,
  InvoiceStatus,
  InvoiceSummary,
  OfficerInvoice,
} from '#common/schemas/billing.ts'
import { apiRequest, queryPath } from '#web/lib/api-client.ts'

export const OFFICER_INVOICES_PATH = '/api/officers/invoices'
const OFFICER_CREDITS_PATH = '/api/officers/credits'

/** Invoices of every organization in one status (overdue first of all), newest first. */
export function officerInvoicesQueryOptions(status: InvoiceStatus) {
  return queryOptions({
    queryKey: [OFFICER_INVOICES_PATH, status],
    queryFn: async ({ signal }) =>
      (await queryPath<{ items: OfficerInvoice[]; nextCursor: string | null }>(
        `${OFFICER_INVOICES_PATH}?status=${status}&limit=100`,
        'throw',
        signal,
      ))!,
  })
}

export function useOfficerInvoices(status: InvoiceStatus) {
  return useQuery(officerInvoicesQueryOptions(status))
}

export function useIssueCreditNote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      invoiceId,
      amountCents,
      reason,
    }: {
      invoiceId: string
      amountCents: number
      reason: string
    }) =>
      apiRequest<InvoiceSummary>(
        'POST',
        `${OFFICER_INVOICES_PATH}/${encodeURIComponent(invoiceId)}/credit-notes`,
        {
          amountCents,
          reason,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [OFFICER_INVOICES_PATH] }),
  })
}

export function useGrantCredits() {
  return useMutation({
    mutationFn: (grant: CreditGrantRequest) =>
      apiRequest<CreditGrantResponse>('POST', OFFICER_CREDITS_PATH, grant),
  })
}
