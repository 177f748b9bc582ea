import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ORDER_KINDS,
  ORDER_STATUSES,
  orderQuoteSchema,
  orderRequestSchema,
  orderSchema,
} from '#common/schemas/clusters.ts'
import { pageQuerySchema, pageSchema } from '#common/schemas/pagination.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses, idempotencyHeaders } from '#server/lib/http.ts'
import { createRatesService } from '#server/modules/rates/service.ts'
import { requireMember } from '#server/plugins/auth.ts'
import { toOrderResponse } from './present.ts'
import { cancelOrder, findOrder, listOrders, placeOrder, quoteOrder } from './service.ts'

const idParams = z.object({ id: z.uuid() })
const listQuery = pageQuerySchema(25).extend({
  status: z.enum(ORDER_STATUSES).optional(),
  kind: z.enum(ORDER_KINDS).optional(),
})
const orderPage = pageSchema(orderSchema)
/** The organization's orders: its active members only. */
export default async function orderRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireMember)
  // Quotes preview the invoice and orders are weighed against the credit limit, both in the
  // organization's billing currency.
  const rates = createRatesService({
    primaryUrl: ctx.config.ratesPrimaryUrl,
    backupUrl: ctx.config.ratesBackupUrl,
    log: app.log,
  })

  api.post('/api/orders/quote', {
    schema: {
      tags: ['orders'],
      summary:
        "The server's price for a configuration, with the promotion applied or refused, and what its invoice will charge",
      description:
        "`invoice` is in the organization's billing currency at today's rate: its credits used first, VAT by its country and VAT number, and the ways to pay the rest.",
      body: orderRequestSchema,
      response: { 200: orderQuoteSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) =>
      quoteOrder(ctx, callerOf(request), request.body, (await rates.current()).rates),
  })

  api.post('/api/orders', {
    schema: {
      tags: ['orders'],
      summary: 'Order a cluster',
      description:
        'Needs an Idempotency-Key header: the same key and body return the same order (200); the same key with another body is a 409. The price is recomputed on the server.',
      headers: idempotencyHeaders,
      body: orderRequestSchema,
      response: { 200: orderSchema, 201: orderSchema, ...errorResponses(400, 401, 403, 409, 422) },
    },
    handler: async (request, reply) => {
      const placed = await placeOrder(
        ctx,
        callerOf(request),
        request.body,
        request.headers['idempotency-key'],
        (await rates.current()).rates,
      )
      reply.status(placed.created ? 201 : 200)
      return placed.order
    },
  })

  api.get('/api/orders', {
    schema: {
      tags: ['orders'],
      summary: "The organization's orders, newest first",
      querystring: listQuery,
      response: { 200: orderPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => listOrders(ctx.db, request.user.organizationId, request.query),
  })

  api.get('/api/orders/:id', {
    schema: {
      tags: ['orders'],
      summary: 'One order of the organization',
      params: idParams,
      response: { 200: orderSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) =>
      toOrderResponse(await findOrder(ctx.db, request.params.id, request.user.organizationId)),
  })

  api.post('/api/orders/:id/cancel', {
    schema: {
      tags: ['orders'],
      summary: 'Withdraw an order that waits for approval',
      params: idParams,
      response: { 200: orderSchema, ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (request) => cancelOrder(ctx, callerOf(request), request.params.id),
  })
}
