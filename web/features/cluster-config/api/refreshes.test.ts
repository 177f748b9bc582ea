import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { catalog } from '#common/contract/catalog.ts'
import { clusters } from '#common/contract/clusters.ts'
import { dashboard } from '#common/contract/dashboard.ts'
import type { Endpoint } from '#common/contract/endpoint.ts'
import { orders } from '#common/contract/orders.ts'
import { orderRequestSchema } from '#common/schemas/orders.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'
import { refreshAfter } from '#web/lib/api/refresh.ts'
import { clusterTemplatesQueryOptions } from './get-cluster-templates.ts'
import { orderQuoteQueryOptions } from './quote-order.ts'

/** An order as the wizard sends it. */
const request = orderRequestSchema.parse({
  configuration: {
    name: 'shop',
    clusterTypeId: 'production',
    dataCenterCode: 'fra1',
    kubernetesVersion: '1.33',
    nodePools: [
      { name: 'default', flavorId: 'm.large', nodeCount: 3, autoscaling: { enabled: false, min: 3, max: 3 } },
    ],
    networking: {
      cni: 'cilium',
      privateNetwork: true,
      podCidr: '10.244.0.0/16',
      serviceCidr: '10.96.0.0/12',
    },
  },
  billingCycle: 'monthly',
  currency: 'USD',
})

/** The wizard's queries and the screens' around it, each with a fresh answer. */
function cached() {
  const queryClient = new QueryClient()
  const keys: Record<string, readonly unknown[]> = {}
  const add = (name: string, key: readonly unknown[], endpoint: Endpoint) => {
    queryClient.getQueryCache().build(queryClient, { queryKey: key, meta: readsOf(endpoint) })
    queryClient.setQueryData(key, { cached: name })
    keys[name] = key
  }
  add('orders', apiKey(orders.list, { query: {} }), orders.list)
  add('clusters', apiKey(clusters.list, { query: {} }), clusters.list)
  add('sidebarCounts', apiKey(dashboard.sidebarCounts), dashboard.sidebarCounts)
  add('catalog', apiKey(catalog.get), catalog.get)
  const quote = orderQuoteQueryOptions(request)
  add('quote', quote.queryKey, orders.quote)
  add('templates', clusterTemplatesQueryOptions.queryKey, clusters.templates)
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort()
  return { queryClient, stale }
}

describe('what the wizard’s calls refresh (the contract’s `changes`)', () => {
  it('placing an order: the orders, the clusters, the sidebar’s counts and the quotes (a promotion may be used up)', async () => {
    const { queryClient, stale } = cached()
    await refreshAfter(queryClient, orders.place)
    expect(stale()).toEqual(['clusters', 'orders', 'quote', 'sidebarCounts'])
  })

  it('saving or deleting a template: the templates only', async () => {
    for (const endpoint of [clusters.saveTemplate, clusters.deleteTemplate]) {
      const { queryClient, stale } = cached()
      await refreshAfter(queryClient, endpoint)
      expect(stale(), endpoint.id).toEqual(['templates'])
    }
  })
})

describe('the order quote', () => {
  it('is one query per request body, and none without a request', () => {
    expect(orderQuoteQueryOptions(request).queryKey).toEqual(['orders.quote', { body: request }])
    expect(orderQuoteQueryOptions(null).queryKey).toEqual(['orders.quote'])
    expect(orderQuoteQueryOptions(null).meta).toEqual(readsOf(orders.quote))
  })
})
