import { z } from 'zod'
import {
  customSolutionRequestSchema,
  customSolutionSchema,
  declineQuoteSchema,
  officerCustomSolutionQuerySchema,
  quoteRequestSchema,
} from '../schemas/custom-solutions.ts'
import { orderSchema } from '../schemas/orders.ts'
import { defineEndpoints } from './endpoint.ts'
import { idParams } from './parameters.ts'

/** Paths served by more than one method: each written once. */
const customSolutionsPath = '/api/custom-solutions'

const quoteParams = idParams.extend({ quoteId: z.uuid() })
const list = z.object({ items: z.array(customSolutionSchema) })
const member = { audience: 'member', token: 'marketplace' } as const

/** Custom solutions: the customer's requests and answers, and the officers' quotes. */
export const customSolutions = defineEndpoints('custom solutions', {
  list: {
    ...member,
    method: 'GET',
    path: customSolutionsPath,
    summary: "The organization's requests for custom solutions, newest first, with their quotes",
    responses: { 200: list },
    reads: ['customSolutions'],
  },
  submit: {
    ...member,
    method: 'POST',
    path: customSolutionsPath,
    summary: 'Describe what the catalog lacks: officers answer with a priced quote',
    body: customSolutionRequestSchema,
    responses: { 201: customSolutionSchema },
    changes: ['customSolutions'],
  },
  get: {
    ...member,
    method: 'GET',
    path: '/api/custom-solutions/:id',
    summary: 'One request of the organization, with its quotes',
    params: idParams,
    responses: { 200: customSolutionSchema },
    errors: [404],
    reads: ['customSolutions'],
  },
  acceptQuote: {
    ...member,
    method: 'POST',
    path: '/api/custom-solutions/:id/quotes/:quoteId/accept',
    summary: 'Accept the open quote: it becomes a confirmed order',
    description: 'A quote no longer open (code QUOTE_CLOSED) or past its date (QUOTE_EXPIRED) answers 409.',
    params: quoteParams,
    responses: { 201: orderSchema },
    errors: [404, 409],
    changes: ['customSolutions', 'orders'],
  },
  declineQuote: {
    ...member,
    method: 'POST',
    path: '/api/custom-solutions/:id/quotes/:quoteId/decline',
    summary: 'Decline the open quote, saying why if you like',
    params: quoteParams,
    body: declineQuoteSchema,
    responses: { 200: customSolutionSchema },
    errors: [404, 409],
    changes: ['customSolutions'],
  },
  officerList: {
    audience: 'officer',
    method: 'GET',
    path: '/api/officers/custom-solutions',
    summary: "Every organization's requests for custom solutions, of a status",
    query: officerCustomSolutionQuerySchema,
    responses: { 200: list },
    reads: ['customSolutions'],
  },
  sendQuote: {
    audience: 'officer',
    method: 'POST',
    path: '/api/officers/custom-solutions/:id/quotes',
    summary: 'Answer a request with a priced quote (lines, validity date, note)',
    description:
      "Prices are cents of the organization's billing currency, named in `currency`: another currency is a 422 `CURRENCY_MISMATCH`.",
    params: idParams,
    body: quoteRequestSchema,
    responses: { 201: customSolutionSchema },
    errors: [404, 409, 422],
    changes: ['customSolutions'],
  },
})
