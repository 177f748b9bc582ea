import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { billing } from '#common/contract/billing.ts'
import { usage } from '#common/contract/usage.ts'
import type { InvoiceStatus } from '#common/schemas/billing.ts'
import { queryApi } from '#web/lib/api/call.ts'
import { apiKey, apiQuery, readsOf } from '#web/lib/api/queries.ts'

/**
 * The billing area's reads, by the contract's endpoints: what they read (their meta) is what
 * mutations, realtime messages and navigations refresh (web/lib/api/refresh.ts).
 */

export const INVOICES_PAGE_SIZE = 20

export const creditsQueryOptions = apiQuery(billing.credits)
export const summaryQueryOptions = apiQuery(billing.summary)
export const plansQueryOptions = apiQuery(billing.plans)
export const paymentMethodsQueryOptions = apiQuery(billing.paymentMethods)
export const detailsQueryOptions = apiQuery(billing.details)
export const budgetAlertsQueryOptions = apiQuery(billing.budgetAlerts)

export type InvoiceFilters = { status: InvoiceStatus | null; year: number | null }

export function invoicesQueryOptions(filters: InvoiceFilters) {
  const query = {
    limit: INVOICES_PAGE_SIZE,
    status: filters.status ?? undefined,
    year: filters.year ?? undefined,
  }
  return infiniteQueryOptions({
    queryKey: apiKey(billing.invoices, { query }),
    queryFn: ({ pageParam, signal }) =>
      queryApi(billing.invoices, { query: { ...query, cursor: pageParam ?? undefined } }, { signal }),
    meta: readsOf(billing.invoices),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export const invoiceQueryOptions = (id: string) => apiQuery(billing.invoice, { params: { id } })

/** A month's usage (the current one without a month), refreshed on each visit to /usage. */
export const usageQueryOptions = (month: string | null) =>
  apiQuery(usage.get, { query: { month: month ?? undefined } })

/** How often /payment-success asks whether the webhook has confirmed the payment. */
export const PAYMENT_POLL_MS = 1_500

/** A payment as the server knows it: asked again until Stripe's webhook settles it. */
export function usePaymentStatus(id: string | null) {
  return useQuery({
    ...apiQuery(billing.payment, { params: { id: id ?? '' } }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
  })
}

export const useCredits = () => useQuery(creditsQueryOptions)
export const useBillingSummary = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...summaryQueryOptions, enabled: options.enabled ?? true })
export const usePlans = () => useQuery(plansQueryOptions)
export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions)
export const useBillingDetails = () => useQuery(detailsQueryOptions)
export const useBudgetAlerts = () => useQuery(budgetAlertsQueryOptions)
export const useInvoices = (filters: InvoiceFilters) => useInfiniteQuery(invoicesQueryOptions(filters))
export const useUsage = (month: string | null) => useQuery(usageQueryOptions(month))
