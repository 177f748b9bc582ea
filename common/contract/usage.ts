import { z } from 'zod'
import { usageQuerySchema, usageSchema } from '../schemas/billing.ts'
import { defineEndpoints, file } from './endpoint.ts'

/** The CSV is of one month, always named. */
const usageCsvQuerySchema = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) })
/** The organization's metered usage: every member reads it, and API tokens of the billing area. */
const member = { audience: 'member', token: 'billing' } as const

export const usage = defineEndpoints('usage', {
  get: {
    ...member,
    method: 'GET',
    path: '/api/usage',
    summary: "A month's cost per day, by kind and by cluster, with the forecast for the current month",
    query: usageQuerySchema,
    responses: { 200: usageSchema },
    reads: ['usage', 'billing'],
  },
  csv: {
    ...member,
    method: 'GET',
    path: '/api/usage/csv',
    summary: "A month's usage records as CSV",
    query: usageCsvQuerySchema,
    responses: { 200: file('text/csv', "The month's usage records (CSV)") },
    reads: ['usage'],
  },
})
