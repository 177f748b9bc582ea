import { useQuery } from '@tanstack/react-query'
import { officers } from '#common/contract/officers.ts'
import type { CreditGrantRequest, InvoiceStatus } from '#common/schemas/billing.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { apiQuery } from '#web/lib/api/queries.ts'

/** Invoices of every organization in one status (overdue first of all), newest first. */
export function officerInvoicesQueryOptions(status: InvoiceStatus) {
  return apiQuery(officers.invoices, { query: { status, limit: 100 } })
}

export function useOfficerInvoices(status: InvoiceStatus) {
  return useQuery(officerInvoicesQueryOptions(status))
}

export type CreditNote = { invoiceId: string; amountCents: number; reason: string }

/** A credit note refreshes the invoices it lowers (the contract: invoices, billing, reviews). */
export function useIssueCreditNote() {
  return useApiMutation(officers.issueCreditNote, {
    input: ({ invoiceId, amountCents, reason }: CreditNote) => ({
      params: { id: invoiceId },
      body: { amountCents, reason },
    }),
  })
}

export function useGrantCredits() {
  return useApiMutation(officers.grantCredits, { input: (grant: CreditGrantRequest) => ({ body: grant }) })
}
