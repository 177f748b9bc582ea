import type { ExchangeRates } from '#common/money.ts'
import { RATE_SOURCES, type RateSource } from '#common/money.ts'
import { RATES_CACHE_TTL_MS } from '#web/lib/constants.ts'

/**
 * Rates relative to USD, when their source last updated them (ms since epoch) and which source
 * the server took them from (absent when the answer did not say).
 */
export type RatesSnapshot = { rates: ExchangeRates; lastUpdated: number | null; source?: RateSource }

/** What local storage keeps under RATES_CACHE_KEY: a snapshot and when it was saved. */
export type CachedRates = RatesSnapshot & { savedAt: number }

/**
 * A rates answer is accepted only with numeric EUR and GBP rates; USD is the base. Returns
 * undefined for anything else.
 */
export function parseRatesResponse(body: unknown): RatesSnapshot | undefined {
  if (!isRecord(body) || !isRecord(body.rates)) return undefined
  const { EUR, GBP } = body.rates
  if (!isRate(EUR) || !isRate(GBP)) return undefined
  const lastUpdated =
    typeof body.timestamp === 'number' && Number.isFinite(body.timestamp) ? body.timestamp : null
  const source = RATE_SOURCES.find((known) => known === body.source)
  return source
    ? { rates: { USD: 1, EUR, GBP }, lastUpdated, source }
    : { rates: { USD: 1, EUR, GBP }, lastUpdated }
}

/** Reads the stored cache entry; a missing, unparsable or malformed entry gives undefined. */
export function parseCachedRates(stored: string | null): CachedRates | undefined {
  if (!stored) return undefined
  let value: unknown
  try {
    value = JSON.parse(stored)
  } catch {
    return undefined
  }
  if (!isRecord(value) || typeof value.savedAt !== 'number' || !Number.isFinite(value.savedAt))
    return undefined
  const snapshot = parseRatesResponse({
    rates: value.rates,
    timestamp: value.lastUpdated,
    source: value.source,
  })
  return snapshot && { ...snapshot, savedAt: value.savedAt }
}

export function serializeCachedRates(snapshot: RatesSnapshot, savedAt: number): string {
  return JSON.stringify({
    rates: snapshot.rates,
    lastUpdated: snapshot.lastUpdated,
    source: snapshot.source,
    savedAt,
  } satisfies CachedRates)
}

/** The cache is valid 10 minutes after it was saved; an entry from the future is not. */
export function isCacheFresh(entry: CachedRates, now: number): boolean {
  const age = now - entry.savedAt
  return age >= 0 && age < RATES_CACHE_TTL_MS
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function isRate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0
}
