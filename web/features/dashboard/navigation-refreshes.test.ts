import { QueryClient, type QueryKey } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { billing } from '#common/contract/billing.ts'
import { usage } from '#common/contract/usage.ts'
import { apiKey } from '#web/lib/api/queries.ts'
import { refreshEndpoints } from '#web/lib/api/refresh.ts'
import { sidebarCountsQueryOptions } from './api/get-sidebar-counts.ts'
import { navigationRefreshes } from './navigation-refreshes.ts'

const ALWAYS = ['dashboard.sidebarCounts', 'billing.credits', 'billing.summary', 'billing.plans']
const idsOn = (pathname: string) => navigationRefreshes(pathname).map((endpoint) => endpoint.id)

describe('what a navigation refreshes', () => {
  it('refreshes the sidebar counts and the billing credits, summary and plans everywhere', () => {
    expect(idsOn('/dashboard')).toEqual(ALWAYS)
    expect(idsOn('/')).toEqual(ALWAYS)
    expect(idsOn('/orders/clusters')).toEqual(ALWAYS)
  })

  it('adds the payment methods and invoices on /billing', () => {
    expect(idsOn('/billing')).toEqual([...ALWAYS, 'billing.paymentMethods', 'billing.invoices'])
    expect(idsOn('/billing-support')).toEqual(ALWAYS)
  })

  it('adds the usage on /usage', () => {
    expect(idsOn('/usage')).toEqual([...ALWAYS, 'usage.get'])
    expect(idsOn('/usage/')).toEqual([...ALWAYS, 'usage.get'])
  })
})

describe('the queries a navigation marks stale', () => {
  /** A query client holding an answer for each query of the shell and the billing screens. */
  function seeded() {
    const queryClient = new QueryClient()
    // The billing screens' keys as they build them: an endpoint's id, then its input.
    const queries: Record<string, QueryKey> = {
      sidebarCounts: sidebarCountsQueryOptions.queryKey,
      credits: apiKey(billing.credits),
      summary: apiKey(billing.summary),
      plans: apiKey(billing.plans),
      paymentMethods: apiKey(billing.paymentMethods),
      paidInvoices: apiKey(billing.invoices, { query: { limit: 20, status: 'paid', year: 2026 } }),
      allInvoices: apiKey(billing.invoices, { query: { limit: 20 } }),
      invoice: apiKey(billing.invoice, { params: { id: '0b6c9f5e-2f0a-4f55-9d0e-3c1f3f4a5b6c' } }),
      details: apiKey(billing.details),
      budgetAlerts: apiKey(billing.budgetAlerts),
      currentUsage: apiKey(usage.get, { query: {} }),
      octoberUsage: apiKey(usage.get, { query: { month: '2026-10' } }),
    }
    for (const queryKey of Object.values(queries)) queryClient.setQueryData(queryKey, {})
    const stale = () =>
      Object.entries(queries)
        .filter(([, queryKey]) => queryClient.getQueryState(queryKey)?.isInvalidated)
        .map(([name]) => name)
    return { queryClient, stale }
  }

  it('on /billing: the figures shown everywhere, the payment methods and every invoice list', async () => {
    const { queryClient, stale } = seeded()
    await refreshEndpoints(queryClient, navigationRefreshes('/billing'))
    expect(stale()).toEqual([
      'sidebarCounts',
      'credits',
      'summary',
      'plans',
      'paymentMethods',
      'paidInvoices',
      'allInvoices',
    ])
  })

  it('on /usage: the figures shown everywhere and the usage of every month', async () => {
    const { queryClient, stale } = seeded()
    await refreshEndpoints(queryClient, navigationRefreshes('/usage'))
    expect(stale()).toEqual(['sidebarCounts', 'credits', 'summary', 'plans', 'currentUsage', 'octoberUsage'])
  })
})
