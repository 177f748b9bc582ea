import { describe, expect, it } from 'vitest'
import { RATES_CACHE_KEY, RATES_CACHE_TTL_MS, RATES_REQUEST_TIMEOUT_MS } from '#web/lib/constants.ts'
import { isCacheFresh, parseCachedRates, parseRatesResponse, serializeCachedRates } from './rates-cache.ts'

const serverAnswer = {
  base: 'USD',
  rates: { USD: 1, EUR: 0.9123, GBP: 0.7801 },
  timestamp: 1_760_000_000_000,
  date: '2025-10-09',
  source: 'primary',
}

describe('exchange-rate cache', () => {
  it('keeps its constants', () => {
    expect(RATES_CACHE_TTL_MS).toBe(10 * 60 * 1000)
    expect(RATES_REQUEST_TIMEOUT_MS).toBe(5000)
    expect(RATES_CACHE_KEY).toMatch(/v\d+/)
  })

  it('accepts an answer only with numeric EUR and GBP rates', () => {
    expect(parseRatesResponse(serverAnswer)).toEqual({
      rates: { USD: 1, EUR: 0.9123, GBP: 0.7801 },
      lastUpdated: 1_760_000_000_000,
      source: 'primary',
    })
    expect(parseRatesResponse({ rates: { EUR: '0.9', GBP: 0.78 } })).toBeUndefined()
    expect(parseRatesResponse({ rates: { EUR: 0.9 } })).toBeUndefined()
    expect(parseRatesResponse({ rates: { EUR: Number.NaN, GBP: 0.78 } })).toBeUndefined()
    expect(parseRatesResponse({ rates: { EUR: 0, GBP: 0.78 } })).toBeUndefined()
    expect(parseRatesResponse({})).toBeUndefined()
    expect(parseRatesResponse(null)).toBeUndefined()
    expect(parseRatesResponse([])).toBeUndefined()
  })

  it('treats USD as the base whatever the answer says, and a missing timestamp as unknown', () => {
    expect(parseRatesResponse({ rates: { USD: 3, EUR: 0.9, GBP: 0.8 } })).toEqual({
      rates: { USD: 1, EUR: 0.9, GBP: 0.8 },
      lastUpdated: null,
    })
  })

  it("keeps the server's source only when it is one the server names", () => {
    for (const source of ['primary', 'backup', 'cache', 'fallback'] as const)
      expect(parseRatesResponse({ ...serverAnswer, source })?.source).toBe(source)
    expect(parseRatesResponse({ ...serverAnswer, source: 'somewhere' })).not.toHaveProperty('source')
    expect(parseRatesResponse({ rates: serverAnswer.rates })).not.toHaveProperty('source')
  })

  it('round-trips the source through the stored entry', () => {
    const snapshot = { rates: { USD: 1, EUR: 0.9, GBP: 0.8 }, lastUpdated: 123, source: 'backup' as const }
    expect(parseCachedRates(serializeCachedRates(snapshot, 1000))).toEqual({ ...snapshot, savedAt: 1000 })
  })

  it('round-trips a stored entry and rejects malformed ones', () => {
    const snapshot = { rates: { USD: 1, EUR: 0.9, GBP: 0.8 }, lastUpdated: 123 }
    expect(parseCachedRates(serializeCachedRates(snapshot, 1000))).toEqual({ ...snapshot, savedAt: 1000 })
    expect(parseCachedRates(null)).toBeUndefined()
    expect(parseCachedRates('not json')).toBeUndefined()
    expect(parseCachedRates(JSON.stringify({ rates: snapshot.rates }))).toBeUndefined()
    expect(parseCachedRates(JSON.stringify({ rates: { EUR: 'x' }, savedAt: 1 }))).toBeUndefined()
  })

  it('is fresh for 10 minutes after it was saved', () => {
    const entry = { rates: { USD: 1, EUR: 0.9, GBP: 0.8 }, lastUpdated: null, savedAt: 1_000_000 }
    expect(isCacheFresh(entry, 1_000_000)).toBe(true)
    expect(isCacheFresh(entry, 1_000_000 + RATES_CACHE_TTL_MS - 1)).toBe(true)
    expect(isCacheFresh(entry, 1_000_000 + RATES_CACHE_TTL_MS)).toBe(false)
    expect(isCacheFresh(entry, 999_999)).toBe(false)
  })
})
