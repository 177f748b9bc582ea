import { z } from 'zod'

import { RATE_SOURCES } from '../money.ts'

export type { RateSource } from '../money.ts'

export const exchangeRatesSchema = z.object({
  base: z.literal('USD'),
  rates: z.object({ USD: z.number(), EUR: z.number(), GBP: z.number() }),
  /** When the source last updated the rates (ms since epoch). */
  timestamp: z.number(),
  /** The rates' day, YYYY-MM-DD. */
  date: z.string(),
  source: z
    .enum(RATE_SOURCES)
    .describe('primary or backup rate service, the last good rates (cache), or the fallback rates'),
})
export type ExchangeRatesResponse = z.infer<typeof exchangeRatesSchema>
