import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { customSolutions } from '#common/contract/custom-solutions.ts'
import { orders } from '#common/contract/orders.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'
import { refreshAfter } from '#web/lib/api/refresh.ts'
import { customSolutionsQueryOptions, officerCustomSolutionsQueryOptions } from './custom-solutions.ts'

/** The customer's list, the officers' list (requests awaiting a quote) and the orders, each with a fresh answer. */
function cached() {
  const queryClient = new QueryClient()
  const queries = {
    requests: customSolutionsQueryOptions,
    officerRequests: officerCustomSolutionsQueryOptions('submitted'),
    orders: { queryKey: apiKey(orders.list, { query: {} }), meta: readsOf(orders.list) },
  }
  const keys = Object.fromEntries(Object.entries(queries).map(([name, { queryKey }]) => [name, queryKey]))
  for (const [name, { queryKey, meta }] of Object.entries(queries)) {
    queryClient.getQueryCache().build(queryClient, { queryKey, meta })
    queryClient.setQueryData(queryKey, { cached: name })
  }
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort()
  return { queryClient, stale }
}

describe('what a custom solution’s calls refresh (the contract’s `changes`)', () => {
  it('accepting a quote: both lists of requests, and the orders (it became one)', async () => {
    const { queryClient, stale } = cached()
    await refreshAfter(queryClient, customSolutions.acceptQuote)
    expect(stale()).toEqual(['officerRequests', 'orders', 'requests'])
  })

  it('submitting, declining, quoting: both lists of requests', async () => {
    for (const endpoint of [
      customSolutions.submit,
      customSolutions.declineQuote,
      customSolutions.sendQuote,
    ]) {
      const { queryClient, stale } = cached()
      await refreshAfter(queryClient, endpoint)
      expect(stale(), endpoint.id).toEqual(['officerRequests', 'requests'])
    }
  })

  it('the officers’ list asks for a status only when one is chosen', () => {
    expect(officerCustomSolutionsQueryOptions(null).queryKey).toEqual([
      'customSolutions.officerList',
      { query: {} },
    ])
    expect(officerCustomSolutionsQueryOptions('submitted').queryKey).toEqual([
      'customSolutions.officerList',
      { query: { status: 'submitted' } },
    ])
  })
})
