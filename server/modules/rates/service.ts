import type { ExchangeRatesResponse } from '#common/schemas/rates.ts'
import { fallbackRates, fetchJson, parseBackupRates, parsePrimaryRates } from './sources.ts'

export const RATES_CACHE_MS = 10 * 60 * 1000
/** How long the primary service may keep silent before the backup is asked too. */
export const RATES_BACKUP_AFTER_MS = 1_500

type RatesLog = { warn: (object: object, message: string) => void }

/**
 * Exchange rates from the primary service, else (failing or slow) the backup; while both fail, the
 * last good rates (source "cache"), and with none at all the fallback rates. Good rates are kept 10
 * minutes.
 */
export function createRatesService(options: {
  primaryUrl: string
  backupUrl: string
  log: RatesLog
  now?: () => number
  backupAfterMs?: number
}) {
  const now = options.now ?? Date.now
  const backupAfterMs = options.backupAfterMs ?? RATES_BACKUP_AFTER_MS
  let lastGood: { rates: ExchangeRatesResponse; fetchedAt: number } | undefined
  let inFlight: Promise<ExchangeRatesResponse> | undefined

  type Source = { source: 'primary' | 'backup'; url: string; parse: typeof parsePrimaryRates }
  const ask = async ({ source, url, parse }: Source): Promise<ExchangeRatesResponse> => {
    try {
      const parsed = parse(await fetchJson(url))
      if (parsed) return { ...parsed, source }
      options.log.warn({ source }, 'rates service answered without usable EUR and GBP rates')
    } catch (error) {
      options.log.warn({ source, err: error }, 'rates service failed')
    }
    throw new Error(`no usable rates from the ${source} service`)
  }

  /**
   * The primary first; once it has failed, or kept silent for RATES_BACKUP_AFTER_MS, the backup is
   * asked alongside and the first usable answer wins. A primary that hangs therefore costs that
   * delay, not its whole time-out, and the browser (which gives up after 5 s) still gets the
   * backup's rates.
   */
  async function refresh(): Promise<ExchangeRatesResponse> {
    const primary = ask({ source: 'primary', url: options.primaryUrl, parse: parsePrimaryRates })
    const early = await Promise.race([
      primary.then(
        (rates) => rates,
        () => null,
      ),
      new Promise<null>((resolve) => setTimeout(resolve, backupAfterMs, null)),
    ])
    let rates = early
    if (!rates) {
      const backup = ask({ source: 'backup', url: options.backupUrl, parse: parseBackupRates })
      rates = await Promise.any([primary, backup]).catch(() => null)
    }
    if (rates) {
      lastGood = { rates, fetchedAt: now() }
      return rates
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
