import { exchangeRatesSchema } from '../schemas/rates.ts'
import { defineEndpoints } from './endpoint.ts'
import { noQuery } from './parameters.ts'

/** The exchange rates prices are shown in: open to everyone, like the catalog. */
export const rates = defineEndpoints('rates', {
  get: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/rates',
    query: noQuery,
    summary: 'USD-based exchange rates for EUR and GBP, with their source and date',
    responses: { 200: exchangeRatesSchema },
    reads: ['rates'],
  },
})
