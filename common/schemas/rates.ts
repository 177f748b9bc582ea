import { z } from 'zod'

export const rateSources = ['primary', 'backup', 'cache', 'fallback'] as const

export const exchangeRatesSchema = z.object({
  base: z.literal('USD'),
  rates: z.object({ USD: z.number(), EUR: z.number(), GBP: z.number() }),
  /** When the source last updated the rates (ms since epoch). */
  timestamp: z.number(),
  /** The rates' day, YYYY-MM-DD. */
  date: z.string(),
  source: z.enum(rateSources),
})
export type ExchangeRatesResponse = z.infer<typeof exchangeRatesSchema>
