import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { orderSchema } from '#common/schemas/clusters.ts'
import {
  customSolutionRequestSchema,
  customSolutionSchema,
  declineQuoteSchema,
  officerCustomSolutionQuerySchema,
  quoteRequestSchema,
} from '#common/schemas/custom-solutions.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses } from '#server/lib/http.ts'
import { createRatesService } from '#server/modules/rates/service.ts'
import { requireMember, requireOfficer } from '#server/plugins/auth.ts'
import {
  acceptQuote,
  declineQuote,
  findCustomSolution,
  listCustomSolutions,
  listCustomSolutionsForOfficers,
  sendQuote,
  submitCustomSolution,
} from './service.ts'

const idParams = z.object({ id: z.uuid() })
const quoteParams = z.object({ id: z.uuid(), quoteId: z.uuid() })
const list = z.object({ items: z.array(customSolutionSchema) })

/** Custom solutions: the customer's requests and answers, and the officers' quotes. */
export default async function customSolutionRoutes(app: FastifyInstance, ctx: ServerContext) {
  await app.register(customerRoutes, ctx)
  await app.register(officerRoutes, ctx)
}

async function customerRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireMember)

  api.get('/api/custom-solutions', {
    schema: {
      tags: ['custom solutions'],
      summary: "The organization's requests for custom solutions, newest first, with their quotes",
      response: { 200: list, ...errorResponses(401, 403) },
    },
    handler: async (request) => ({ items: await listCustomSolutions(ctx.db, callerOf(request)) }),
  })

  api.post('/api/custom-solutions', {
    schema: {
      tags: ['custom solutions'],
      summary: 'Describe what the catalog lacks: officers answer with a priced quote',
      body: customSolutionRequestSchema,
      response: { 201: customSolutionSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await submitCustomSolution(ctx, callerOf(request), request.body)),
  })

  api.get('/api/custom-solutions/:id', {
    schema: {
      tags: ['custom solutions'],
      summary: 'One request of the organization, with its quotes',
      params: idParams,
      response: { 200: customSolutionSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => findCustomSolution(ctx.db, callerOf(request), request.params.id),
  })

  api.post('/api/custom-solutions/:id/quotes/:quoteId/accept', {
    schema: {
      tags: ['custom solutions'],
      summary: 'Accept the open quote: it becomes a confirmed order',
      params: quoteParams,
      response: { 201: orderSchema, ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await acceptQuote(ctx, callerOf(request), request.params.id, request.params.quoteId)),
  })

  api.post('/api/custom-solutions/:id/quotes/:quoteId/decline', {
    schema: {
      tags: ['custom solutions'],
      summary: 'Decline the open quote, saying why if you like',
      params: quoteParams,
      body: declineQuoteSchema,
      response: { 200: customSolutionSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      declineQuote(ctx, callerOf(request), request.params.id, request.params.quoteId, request.body.reason),
  })
}

async function officerRoutes(app: FastifyInstance, ctx: ServerContext) {
  // Quotes are priced in the organization's billing currency and converted at the day's rate.
  const rates = createRatesService({
    primaryUrl: ctx.config.ratesPrimaryUrl,
    backupUrl: ctx.config.ratesBackupUrl,
    log: app.log,
  })
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireOfficer)

  api.get('/api/officers/custom-solutions', {
    schema: {
      tags: ['officers'],
      summary: "Every organization's requests for custom solutions, of a status",
      querystring: officerCustomSolutionQuerySchema,
      response: { 200: list, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({
      items: await listCustomSolutionsForOfficers(ctx.db, request.query.status),
    }),
  })

  api.post('/api/officers/custom-solutions/:id/quotes', {
    schema: {
      tags: ['officers'],
      summary: 'Answer a request with a priced quote (lines, validity date, note)',
      description:
        "Prices are cents of the organization's billing currency, named in `currency`: another currency is a 422 `CURRENCY_MISMATCH`.",
      params: idParams,
      body: quoteRequestSchema,
      response: { 201: customSolutionSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await sendQuote(
            ctx,
            request.user.id,
            request.params.id,
            request.body,
            (await rates.current()).rates,
          ),
        ),
  })
}
