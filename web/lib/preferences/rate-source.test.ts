import { describe, expect, it } from 'vitest'
import type { LoadedRates } from './load-rates.ts'
import { ratesProvenance } from './rate-source.ts'

const rates = { USD: 1, EUR: 0.9, GBP: 0.8 }
const loaded = (origin: LoadedRates['origin'], source?: LoadedRates['source']): LoadedRates => ({
  rates,
  lastUpdated: 1,
  origin,
  ...(source ? { source } : {}),
})

describe('rates provenance', () => {
  it("passes on the server's source for a fresh answer", () => {
    expect(ratesProvenance(loaded('server', 'primary'))).toEqual({
      source: 'primary',
      fromBrowserCache: false,
    })
    expect(ratesProvenance(loaded('server', 'backup'))).toEqual({ source: 'backup', fromBrowserCache: false })
    expect(ratesProvenance(loaded('server', 'fallback'))).toEqual({
      source: 'fallback',
      fromBrowserCache: false,
    })
  })

  it('keeps the source of rates read from the fresh browser cache, and says so', () => {
    expect(ratesProvenance(loaded('cache', 'backup'))).toEqual({ source: 'backup', fromBrowserCache: true })
    expect(ratesProvenance(loaded('cache'))).toEqual({ source: 'unknown', fromBrowserCache: true })
  })

  it('calls old cached rates "cache" and the initial rates "fallback"', () => {
    expect(ratesProvenance(loaded('stale-cache', 'primary'))).toEqual({
      source: 'cache',
      fromBrowserCache: true,
    })
    expect(ratesProvenance(loaded('initial'))).toEqual({ source: 'fallback', fromBrowserCache: false })
  })

  it('says unknown when an answer names no source', () => {
    expect(ratesProvenance(loaded('server'))).toEqual({ source: 'unknown', fromBrowserCache: false })
  })
})
