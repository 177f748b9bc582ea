import { FALLBACK_RATES } from '#common/money.ts'
import type { ExchangeRatesResponse } from '#common/schemas/rates.ts'

export const RATES_TIMEOUT_MS = 5_000

type Rates = Omit<ExchangeRatesResponse, 'source'>

const isRate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0

/** The primary service counts only when it reports `result: "success"` with numeric EUR and GBP. */
export function parsePrimaryRates(body: unknown): Rates | undefined {
  const candidate = body as {
    result?: unknown
    rates?: Record<string, unknown>
    time_last_update_unix?: unknown
  }
  if (candidate?.result !== 'success' || !isRate(candidate.rates?.EUR) || !isRate(candidate.rates?.GBP))
    return undefined
  const timestamp =
    typeof candidate.time_last_update_unix === 'number' ? candidate.time_last_update_unix * 1000 : Date.now()
  return {
    base: 'USD',
    rates: { USD: 1, EUR: candidate.rates.EUR, GBP: candidate.rates.GBP },
    timestamp,
    date: new Date(timestamp).toISOString().slice(0, 10),
  }
}

/** The backup service counts with numeric EUR and GBP; its `date` is the rates' day. */
export function parseBackupRates(body: unknown): Rates | undefined {
  const candidate = body as { rates?: Record<string, unknown>; date?: unknown }
  if (!isRate(candidate?.rates?.EUR) || !isRate(candidate.rates?.GBP)) return undefined
  const parsedDate = typeof candidate.date === 'string' ? Date.parse(candidate.date) : Number.NaN
  const timestamp = Number.isNaN(parsedDate) ? Date.now() : parsedDate
  return {
    base: 'USD',
    rates: { USD: 1, EUR: candidate.rates.EUR, GBP: candidate.rates.GBP },
    timestamp,
    date: new Date(timestamp).toISOString().slice(0, 10),
  }
}

export function fallbackRates(now = Date.now()): ExchangeRatesResponse {
  return {
    base: 'USD',
    rates: { ...FALLBACK_RATES },
    timestamp: now,
    date: new Date(now).toISOString().slice(0, 10),
    source: 'fallback',
  }
}

export async function fetchJson(url: string, timeoutMs = RATES_TIMEOUT_MS): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`rates service answered ${response.status}`)
  return response.json()
}
