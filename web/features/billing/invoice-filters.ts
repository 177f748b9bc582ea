import { INVOICE_STATUSES, type InvoiceStatus } from '#common/schemas/statuses.ts'
import type { InvoiceFilters } from './api/billing-queries.ts'

/** The invoice list's filters in the URL: ?status=open&year=2026; anything else is no filter. */
export function invoiceFiltersFrom(searchParams: URLSearchParams): InvoiceFilters {
  const status = searchParams.get('status')
  const year = Number(searchParams.get('year'))
  return {
    status: INVOICE_STATUSES.includes(status as InvoiceStatus) ? (status as InvoiceStatus) : null,
    year: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : null,
  }
}

export function searchParamsWithInvoiceFilters(
  current: URLSearchParams,
  filters: InvoiceFilters,
): URLSearchParams {
  const next = new URLSearchParams(current)
  if (filters.status) next.set('status', filters.status)
  else next.delete('status')
  if (filters.year) next.set('year', String(filters.year))
  else next.delete('year')
  return next
}
