import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type {
  BillingDetails,
  BillingSummary,
  BudgetAlert,
  Credits,
  Invoice,
  InvoiceStatus,
  InvoiceSummary,
  PaymentMethods,
  PaymentStatus,
  Plans,
  Usage,
} from '#common/schemas/billing.ts'
import { queryPath } from '#web/lib/api-client.ts'

/**
 * The billing area's reads. Each key starts with its API path, which is what the navigation
 * invalidations of spec §7 match (web/features/dashboard/navigation-invalidation-keys.ts).
 */
export const BILLING_PATHS = {
  credits: '/api/billing/credits',
  summary: '/api/billing/summary',
  plans: '/api/billing/plans',
  paymentMethods: '/api/billing/payment-methods',
  invoices: '/api/billing/invoices',
  details: '/api/billing/details',
  budgetAlerts: '/api/billing/budget-alerts',
  payments: '/api/billing/payments',
  usage: '/api/usage',
} as const

export const INVOICES_PAGE_SIZE = 20

export const creditsQueryOptions = queryOptions<Credits>({ queryKey: [BILLING_PATHS.credits] })
export const summaryQueryOptions = queryOptions<BillingSummary>({ queryKey: [BILLING_PATHS.summary] })
export const plansQueryOptions = queryOptions<Plans>({ queryKey: [BILLING_PATHS.plans] })
export const paymentMethodsQueryOptions = queryOptions<PaymentMethods>({
  queryKey: [BILLING_PATHS.paymentMethods],
})
export const detailsQueryOptions = queryOptions<BillingDetails>({ queryKey: [BILLING_PATHS.details] })
export const budgetAlertsQueryOptions = queryOptions<BudgetAlert[]>({
  queryKey: [BILLING_PATHS.budgetAlerts],
})

export type InvoiceFilters = { status: InvoiceStatus | null; year: number | null }

export function invoicesQueryOptions(filters: InvoiceFilters) {
  return infiniteQueryOptions({
    queryKey: [BILLING_PATHS.invoices, 'list', filters],
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(INVOICES_PAGE_SIZE) })
      if (filters.status) query.set('status', filters.status)
      if (filters.year) query.set('year', String(filters.year))
      if (pageParam) query.set('cursor', pageParam)
      return (
        (await queryPath<{ items: InvoiceSummary[]; nextCursor: string | null }>(
          `${BILLING_PATHS.invoices}?${query}`,
          'throw',
          signal,
        )) ?? { items: [], nextCursor: null }
      )
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export function invoiceQueryOptions(id: string) {
  return queryOptions({
    queryKey: [BILLING_PATHS.invoices, 'detail', id],
    queryFn: async ({ signal }) =>
      (await queryPath<Invoice>(`${BILLING_PATHS.invoices}/${encodeURIComponent(id)}`, 'throw', signal))!,
  })
}

/** A month's usage; the key's path is the one spec §7 invalidates on /usage. */
export function usageQueryOptions(month: string | null) {
  return queryOptions<Usage>({
    queryKey: [BILLING_PATHS.usage, { month }],
    queryFn: async ({ signal }) =>
      (await queryPath<Usage>(`${BILLING_PATHS.usage}${month ? `?month=${month}` : ''}`, 'throw', signal))!,
  })
}

/** How often /payment-success asks whether the webhook has confirmed the payment. */
export const PAYMENT_POLL_MS = 1_500

/** A payment as the server knows it: asked again until Stripe's webhook settles it. */
export function usePaymentStatus(id: string | null) {
  return useQuery({
    queryKey: [BILLING_PATHS.payments, id],
    queryFn: async ({ signal }) =>
      (await queryPath<PaymentStatus>(
        `${BILLING_PATHS.payments}/${encodeURIComponent(id!)}`,
        'throw',
        signal,
      ))!,
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
