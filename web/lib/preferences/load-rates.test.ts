import { afterEach, describe, expect, it, vi } from 'vitest'
import { INITIAL_PROVIDER_RATES } from '#common/money.ts'
import { RATES_CACHE_KEY, RATES_CACHE_TTL_MS, RATES_REQUEST_TIMEOUT_MS } from '#web/lib/constants.ts'
import { loadRates } from './load-rates.ts'
import { serializeCachedRates } from './rates-cache.ts'

const NOW = 1_800_000_000_000
const cachedSnapshot = { rates: { USD: 1, EUR: 0.91, GBP: 0.79 }, lastUpdated: NOW - 3_600_000 }
const serverAnswer = { base: 'USD', rates: { USD: 1, EUR: 0.88, GBP: 0.75 }, timestamp: NOW - 60_000 }

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  }
}

const storedAt = (savedAt: number) => ({ [RATES_CACHE_KEY]: serializeCachedRates(cachedSnapshot, savedAt) })

afterEach(() => vi.useRealTimers())

describe('loading exchange rates', () => {
  it('uses a cache younger than 10 minutes without asking the server', async () => {
    const fetchRates = vi.fn()
    const result = await loadRates({
      fetchRates,
      storage: memoryStorage(storedAt(NOW - RATES_CACHE_TTL_MS + 1000)),
      now: () => NOW,
    })
    expect(fetchRates).not.toHaveBeenCalled()
    expect(result).toEqual({ ...cachedSnapshot, origin: 'cache' })
  })

  it('asks the server when the cache is old, and caches the answer', async () => {
    const storage = memoryStorage(storedAt(NOW - RATES_CACHE_TTL_MS))
    const result = await loadRates({ fetchRates: async () => serverAnswer, storage, now: () => NOW })
    expect(result).toEqual({
      rates: serverAnswer.rates,
      lastUpdated: serverAnswer.timestamp,
      origin: 'server',
    })
    expect(JSON.parse(storage.values.get(RATES_CACHE_KEY) ?? '')).toEqual({
      rates: serverAnswer.rates,
      lastUpdated: serverAnswer.timestamp,
      savedAt: NOW,
    })
  })

  it("keeps the server's source in the result and in the cache", async () => {
    const storage = memoryStorage()
    const answer = { ...serverAnswer, source: 'backup' }
    const fresh = await loadRates({ fetchRates: async () => answer, storage, now: () => NOW })
    expect(fresh).toMatchObject({ source: 'backup', origin: 'server' })
    const cached = await loadRates({ fetchRates: vi.fn(), storage, now: () => NOW + 1000 })
    expect(cached).toMatchObject({ source: 'backup', origin: 'cache' })
  })

  it('falls back to old cached rates when the request fails', async () => {
    const result = await loadRates({
      fetchRates: async () => {
        throw new Error('offline')
      },
      storage: memoryStorage(storedAt(NOW - 24 * 3_600_000)),
      now: () => NOW,
    })
    expect(result).toEqual({ ...cachedSnapshot, origin: 'stale-cache' })
  })

  it('falls back to the initial provider rates with no cache at all', async () => {
    const result = await loadRates({
      fetchRates: async () => ({ rates: { EUR: 'n/a' } }),
      storage: memoryStorage(),
      now: () => NOW,
    })
    expect(result).toEqual({ rates: { USD: 1, EUR: 0.85, GBP: 0.735 }, lastUpdated: null, origin: 'initial' })
    expect(result.rates).toEqual(INITIAL_PROVIDER_RATES)
  })

  it('gives up on the server after 5 seconds', async () => {
    vi.useFakeTimers()
    let requestSignal: AbortSignal | undefined
    const pending = loadRates({
      fetchRates: (signal) => {
        requestSignal = signal
        return new Promise(() => {})
      },
      storage: undefined,
      now: () => NOW,
    })
    await vi.advanceTimersByTimeAsync(RATES_REQUEST_TIMEOUT_MS - 1)
    expect(requestSignal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(requestSignal?.aborted).toBe(true)
    await expect(pending).resolves.toMatchObject({ origin: 'initial' })
  })

  it('survives storage that throws', async () => {
    const storage = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    }
    const result = await loadRates({ fetchRates: async () => serverAnswer, storage, now: () => NOW })
    expect(result.origin).toBe('server')
  })
})
