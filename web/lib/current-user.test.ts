import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { forgetSignedInUser, USER_PATH } from './current-user.ts'

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

describe('forgetting the signed-in user at logout (spec §4)', () => {
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
    const userData = [
      ['/api/billing/summary'],
      ['/api/orders', { kind: 'cluster' }],
      ['/api/clusters'],
      ['providers', 'checks', 'aws'],
      ['/api/installations', { kind: 'add_on' }],
      ['/api/support/tickets', {}],
      ['/api/officers/tickets', {}],
      ['/api/usage'],
    ]
    for (const key of userData) queryClient.setQueryData(key, { mine: true })
    queryClient.setQueryData(['/api/catalog'], { public: true })
    queryClient.setQueryData([USER_PATH], { id: 'u1' })

    forgetSignedInUser(queryClient)

    for (const key of userData) expect(queryClient.getQueryData(key), JSON.stringify(key)).toBeUndefined()
    expect(queryClient.getQueryData(['/api/catalog'])).toEqual({ public: true })
    expect(queryClient.getQueryData([USER_PATH])).toBeNull()
  })
})
