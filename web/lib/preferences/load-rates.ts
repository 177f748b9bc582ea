import { INITIAL_PROVIDER_RATES } from '#common/money.ts'
import { RATES_CACHE_KEY, RATES_REQUEST_TIMEOUT_MS } from '#web/lib/constants.ts'
import {
  isCacheFresh,
  parseCachedRates,
  parseRatesResponse,
  type RatesSnapshot,
  serializeCachedRates,
} from './rates-cache.ts'

/** Where the rates shown came from. */
export type RatesOrigin = 'cache' | 'server' | 'stale-cache' | 'initial'

export type LoadedRates = RatesSnapshot & { origin: RatesOrigin }

export type RatesDependencies = {
  /** GETs the server's rates; must give up when the signal aborts. */
  fetchRates: (signal: AbortSignal) => Promise<unknown>
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined
  now: () => number
  signal?: AbortSignal
}

/**
 * The currency context's rates: a cache younger than 10 minutes is used as is; otherwise the server
 * is asked, with a 5 s time-out, and a good answer is cached. When the request fails, any cached
 * rates (even old ones) are used, and with none the provider's initial rates. Never throws.
 */
export async function loadRates(dependencies: RatesDependencies): Promise<LoadedRates> {
  const cached = parseCachedRates(readStorage(dependencies.storage))
  if (cached && isCacheFresh(cached, dependencies.now())) return snapshotOf(cached, 'cache')
  try {
    const fresh = parseRatesResponse(await fetchWithTimeout(dependencies))
    if (fresh) {
      writeStorage(dependencies.storage, serializeCachedRates(fresh, dependencies.now()))
      return { ...fresh, origin: 'server' }
    }
  } catch {
    // Unreachable, slow or failing server: the cached or initial rates below keep prices shown.
  }
  if (cached) return snapshotOf(cached, 'stale-cache')
  return { rates: { ...INITIAL_PROVIDER_RATES }, lastUpdated: null, origin: 'initial' }
}

async function fetchWithTimeout({ fetchRates, signal }: RatesDependencies): Promise<unknown> {
  const controller = new AbortController()
  const abort = () => controller.abort()
  const timer = setTimeout(abort, RATES_REQUEST_TIMEOUT_MS)
  signal?.addEventListener('abort', abort)
  try {
    return await Promise.race([fetchRates(controller.signal), aborted(controller.signal)])
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', abort)
  }
}

/** Rejects once the signal aborts, so a fetch that ignores its signal cannot hang the load. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new Error('Exchange-rate request timed out')))
  })
}

function snapshotOf(cached: RatesSnapshot, origin: RatesOrigin): LoadedRates {
  const { rates, lastUpdated, source } = cached
  return source ? { rates, lastUpdated, source, origin } : { rates, lastUpdated, origin }
}

function readStorage(storage: RatesDependencies['storage']): string | null {
  try {
    return storage?.getItem(RATES_CACHE_KEY) ?? null
  } catch {
    return null
  }
}

function writeStorage(storage: RatesDependencies['storage'], value: string): void {
  try {
    storage?.setItem(RATES_CACHE_KEY, value)
  } catch {
    // Storage full or disabled: the rates still apply for this page.
  }
}
