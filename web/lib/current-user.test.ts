import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Endpoint } from '#common/contract/endpoint.ts'
import { api } from '#common/contract/index.ts'
import { apiKey, readsOf } from './api/queries.ts'
import { forgetSignedInUser, USER_KEY } from './current-user.ts'

/** The browser's storage, for a test outside a browser: the real Storage interface over a Map. */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

describe('forgetting the signed-in user at logout', () => {
  const globals = globalThis as { localStorage?: Storage; sessionStorage?: Storage }
  beforeEach(() => {
    globals.localStorage = memoryStorage()
    globals.sessionStorage = memoryStorage()
  })
  afterEach(() => {
    delete globals.localStorage
    delete globals.sessionStorage
  })

  it('drops every query of the user’s data, the provider checks and support included, and keeps public ones', () => {
    const queryClient = new QueryClient()
    const cached = (endpoint: Endpoint, input?: object) => {
      const key = apiKey(endpoint, input as never)
      queryClient.getQueryCache().build(queryClient, { queryKey: key, meta: readsOf(endpoint) })
      queryClient.setQueryData(key, { cached: endpoint.id })
      return key
    }
    const userData = [
      cached(api.billing.summary),
      cached(api.orders.list, { query: { kind: 'cluster' } }),
      cached(api.clusters.list),
      cached(api.providers.check, { params: { provider: 'aws' } }),
      cached(api.marketplace.installations, { query: { kind: 'add_on' } }),
      cached(api.support.tickets, {}),
      cached(api.officers.tickets, {}),
      cached(api.usage.get),
    ]
    const catalog = cached(api.catalog.get)
    cached(api.account.get)

    forgetSignedInUser(queryClient)

    for (const key of userData) expect(queryClient.getQueryData(key), JSON.stringify(key)).toBeUndefined()
    expect(queryClient.getQueryData(catalog)).toEqual({ cached: 'catalog.get' })
    expect(queryClient.getQueryData(USER_KEY)).toBeNull()
  })
})
