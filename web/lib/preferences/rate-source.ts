import type { RateSource } from '#common/money.ts'
import type { LoadedRates } from './load-rates.ts'

/** What a page says about the rates it shows: their source and whether this browser kept them. */
export type RatesProvenance = {
  /** The server's source; "unknown" for an answer or a cache entry that did not say. */
  source: RateSource | 'unknown'
  /** Read from this browser's 10-minute cache (or its older copy) instead of a new answer. */
  fromBrowserCache: boolean
}

/**
 * The source of the rates the site uses: the primary or backup service, cached rates or fallback
 * rates. Old cached rates used because the server is unreachable count as cached; the provider's
 * initial rates, used before any answer, count as fallback.
 */
export function ratesProvenance(loaded: LoadedRates): RatesProvenance {
  switch (loaded.origin) {
    case 'initial':
      return { source: 'fallback', fromBrowserCache: false }
    case 'stale-cache':
      return { source: 'cache', fromBrowserCache: true }
    case 'cache':
      return { source: loaded.source ?? 'unknown', fromBrowserCache: true }
    case 'server':
      return { source: loaded.source ?? 'unknown', fromBrowserCache: false }
  }
}
