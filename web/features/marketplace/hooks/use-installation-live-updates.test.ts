import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { catalog } from '#common/contract/catalog.ts'
import { clusters } from '#common/contract/clusters.ts'
import { dashboard } from '#common/contract/dashboard.ts'
import type { Endpoint } from '#common/contract/endpoint.ts'
import { marketplace } from '#common/contract/marketplace.ts'
import { orders } from '#common/contract/orders.ts'
import type { RealtimeMessage } from '#common/contract/realtime.ts'
import { apiKey, readsOf } from '#web/lib/api/queries.ts'
import { refreshAfter } from '#web/lib/api/refresh.ts'
import { COALESCE_MS, installationMessageRefresher } from './use-installation-live-updates.ts'

const INSTALLATION_ID = '3f0c6c52-1b5e-4d7a-9a43-2f0a4f1e8b10'
const CLUSTER_ID = '8d2b1f4e-6a3c-4b8e-9f71-5c0d2e3a4b6c'

const installationMessage = (status: 'installing' | 'installed'): RealtimeMessage => ({
  type: 'installation',
  installationId: INSTALLATION_ID,
  clusterId: CLUSTER_ID,
  status,
  operationId: null,
})

/** A query client holding one fresh answer per endpoint, as the screens would have cached it. */
function cacheOf(endpoints: Record<string, [Endpoint, object?]>) {
  const queryClient = new QueryClient()
  const keys = Object.fromEntries(
    Object.entries(endpoints).map(([name, [endpoint, input]]) => {
      const key = apiKey(endpoint, input as never)
      queryClient.getQueryCache().build(queryClient, { queryKey: key, meta: readsOf(endpoint) })
      queryClient.setQueryData(key, { cached: name })
      return [name, key]
    }),
  )
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort()
  return { queryClient, stale }
}

const screens = () =>
  cacheOf({
    installations: [marketplace.installations, { query: { kind: 'middleware' } }],
    installation: [marketplace.installation, { params: { id: INSTALLATION_ID } }],
    orders: [orders.list, {}],
    clusters: [clusters.list, {}],
    sidebarCounts: [dashboard.sidebarCounts],
    products: [catalog.products, { query: { kind: 'middleware' } }],
  })

describe('installation messages on the realtime socket', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('refresh the installations and the orders once per burst, nothing else', () => {
    const { queryClient, stale } = screens()
    const refresher = installationMessageRefresher(queryClient)
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')

    refresher.onMessage(installationMessage('installing'))
    refresher.onMessage(installationMessage('installed'))
    expect(stale()).toEqual([])

    vi.advanceTimersByTime(COALESCE_MS)
    expect(invalidate).toHaveBeenCalledTimes(1)
    expect(stale()).toEqual(['installation', 'installations', 'orders', 'sidebarCounts'])
  })

  it('leave other messages to their screens', () => {
    const { queryClient, stale } = screens()
    const refresher = installationMessageRefresher(queryClient)
    refresher.onMessage({ type: 'cluster', clusterId: CLUSTER_ID, status: 'running', operationId: null })
    vi.advanceTimersByTime(COALESCE_MS)
    expect(stale()).toEqual([])
  })

  it('refresh nothing once the screen is gone', () => {
    const { queryClient, stale } = screens()
    const refresher = installationMessageRefresher(queryClient)
    refresher.onMessage(installationMessage('installing'))
    refresher.stop()
    vi.advanceTimersByTime(COALESCE_MS)
    expect(stale()).toEqual([])
  })
})

describe('what an installation call refreshes (the contract’s `changes`)', () => {
  it('ordering one refreshes the installations, the orders and the sidebar counts, not the products', async () => {
    const { queryClient, stale } = screens()
    await refreshAfter(queryClient, marketplace.install)
    expect(stale()).toEqual(['installation', 'installations', 'orders', 'sidebarCounts'])
  })

  it('an operation on one refreshes the installations, not the orders', async () => {
    const { queryClient, stale } = screens()
    await refreshAfter(queryClient, marketplace.upgrade)
    expect(stale()).toEqual(['installation', 'installations'])
  })
})
