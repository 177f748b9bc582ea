import type { ExchangeRatesResponse } from '#common/schemas/rates.ts'
import { fallbackRates, fetchJson, parseBackupRates, parsePrimaryRates } from './sources.ts'

export const RATES_CACHE_MS = 10 * 60 * 1000

type RatesLog = { warn: (object: object, message: string) => void }

/**
 * Exchange rates from the primary service, else the backup; while both fail, the last good rates
 * (source "cache"), and with none at all the fallback rates (spec §8). Good rates are kept 10 minutes.
 */
export function createRatesService(options: {
  primaryUrl: string
  backupUrl: string
  log: RatesLog
  now?: () => number
}) {
  const now = options.now ?? Date.now
  let lastGood: { rates: ExchangeRatesResponse; fetchedAt: number } | undefined
  let inFlight: Promise<ExchangeRatesResponse> | undefined

  async function refresh(): Promise<ExchangeRatesResponse> {
    const sources = [
      { source: 'primary' as const, url: options.primaryUrl, parse: parsePrimaryRates },
      { source: 'backup' as const, url: options.backupUrl, parse: parseBackupRates },
    ]
    for (const { source, url, parse } of sources) {
      try {
        const parsed = parse(await fetchJson(url))
        if (parsed) {
          const rates = { ...parsed, source }
          lastGood = { rates, fetchedAt: now() }
          return rates
        }
        options.log.warn({ source }, 'rates service answered without usable EUR and GBP rates')
      } catch (error) {
        options.log.warn({ source, err: error }, 'rates service failed')
      }
    }
    return lastGood ? { ...lastGood.rates, source: 'cache' } : fallbackRates(now())
  }

  return {
    async current(): Promise<ExchangeRatesResponse> {
      if (lastGood && now() - lastGood.fetchedAt < RATES_CACHE_MS) return lastGood.rates
      // Concurrent callers share one refresh instead of each calling the services.
      inFlight ??= refresh().finally(() => {
        inFlight = undefined
      })
      return inFlight
    },
  }
}

export type RatesService = ReturnType<typeof createRatesService>
