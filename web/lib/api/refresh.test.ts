import type { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Endpoint } from '#common/contract/endpoint.ts'
import { api } from '#common/contract/index.ts'
import { parseRealtimeMessage } from '#common/contract/realtime.ts'
import { createQueryClient } from '../query-client.ts'
import { apiKey, changesOf, readsOf } from './queries.ts'
import { refreshAfterMessage, refreshEndpoints, removePersonalData } from './refresh.ts'

/** A cached, fresh query of this endpoint, as a screen would leave it. */
function cache(queryClient: QueryClient, endpoint: Endpoint, input?: object) {
  const queryKey = apiKey(endpoint, input as never)
  queryClient.getQueryCache().build(queryClient, { queryKey, meta: readsOf(endpoint) })
  queryClient.setQueryData(queryKey, { from: endpoint.id })
  return queryKey
}

const isStale = (queryClient: QueryClient, queryKey: readonly unknown[]) =>
  queryClient.getQueryState(queryKey)?.isInvalidated === true

describe('what a change refreshes, from the contract', () => {
  it('a successful mutation refreshes every query reading what its endpoint changes, and only those', async () => {
    const queryClient = createQueryClient()
    const cluster = cache(queryClient, api.clusters.get, { params: { id: 'c1' } })
    const orders = cache(queryClient, api.orders.list)
    const counts = cache(queryClient, api.dashboard.sidebarCounts)
    const notifications = cache(queryClient, api.notifications.list)
    const catalog = cache(queryClient, api.catalog.get)

    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: async () => ({}), meta: changesOf(api.clusters.delete) })
      .execute(undefined)

    expect(api.clusters.delete.changes).toContain('clusters')
    for (const key of [cluster, orders, counts]) expect(isStale(queryClient, key), String(key[0])).toBe(true)
    for (const key of [notifications, catalog]) expect(isStale(queryClient, key), String(key[0])).toBe(false)
  })

  it('a failed mutation refreshes nothing', async () => {
    const queryClient = createQueryClient()
    const cluster = cache(queryClient, api.clusters.get, { params: { id: 'c1' } })
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => Promise.reject(new Error('refused')),
      meta: changesOf(api.clusters.delete),
    })
    await expect(mutation.execute(undefined)).rejects.toThrow('refused')
    expect(isStale(queryClient, cluster)).toBe(false)
  })

  it('a realtime message refreshes what its kind of change touches', async () => {
    const queryClient = createQueryClient()
    const installations = cache(queryClient, api.marketplace.installations)
    const orders = cache(queryClient, api.orders.list)
    const tickets = cache(queryClient, api.support.tickets)
    const message = parseRealtimeMessage({
      type: 'installation',
      installationId: '00000000-0000-4000-8000-000000000001',
      clusterId: '00000000-0000-4000-8000-000000000002',
      status: 'installed',
      operationId: null,
    })
    expect(message?.type).toBe('installation')
    await refreshAfterMessage(queryClient, message!)
    expect(isStale(queryClient, installations)).toBe(true)
    expect(isStale(queryClient, orders)).toBe(true)
    expect(isStale(queryClient, tickets)).toBe(false)
  })

  it('refreshes the queries of an endpoint whatever their input', async () => {
    const queryClient = createQueryClient()
    const one = cache(queryClient, api.clusters.get, { params: { id: 'c1' } })
    const other = cache(queryClient, api.clusters.get, { params: { id: 'c2' } })
    const list = cache(queryClient, api.clusters.list)
    await refreshEndpoints(queryClient, [api.clusters.get])
    expect([isStale(queryClient, one), isStale(queryClient, other), isStale(queryClient, list)]).toEqual([
      true,
      true,
      false,
    ])
  })

  it('at logout removes every signed-in query and keeps what anyone may read', () => {
    const queryClient = createQueryClient()
    const personal = [cache(queryClient, api.billing.invoices), cache(queryClient, api.officers.tickets)]
    const user = cache(queryClient, api.account.get)
    const rates = cache(queryClient, api.rates.get)
    removePersonalData(queryClient, [api.account.get])
    for (const key of personal) expect(queryClient.getQueryData(key)).toBeUndefined()
    expect(queryClient.getQueryData(user)).toEqual({ from: 'account.get' })
    expect(queryClient.getQueryData(rates)).toEqual({ from: 'rates.get' })
  })
})

describe('the order of a mutation’s steps', () => {
  it('refreshes after the screen’s own onSuccess, so the server’s data replaces an optimistic value', async () => {
    const queryClient = createQueryClient()
    const cluster = cache(queryClient, api.clusters.get, { params: { id: 'c1' } })
    const seen: boolean[] = []
    await queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationFn: async () => ({}),
        meta: changesOf(api.clusters.hibernate),
        onSuccess: () => {
          seen.push(isStale(queryClient, cluster))
        },
      })
      .execute(undefined)
    expect(seen).toEqual([false])
    expect(isStale(queryClient, cluster)).toBe(true)
  })
})
