import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ORDER_STATUSES,
  orderRequestSchema,
  orderSchema,
  priceBreakdownSchema,
} from '#common/schemas/clusters.ts'
import type { ServerContext } from '#server/context.ts'
import { errorResponses } from '#server/lib/http.ts'
import { callerOf, requireMember, requireOfficer } from '#server/plugins/auth.ts'
import { decideOrder } from './approval.ts'
import { toOrderResponse } from './present.ts'
import { cancelOrder, findOrder, listOrders, placeOrder, quoteOrder } from './service.ts'

const idParams = z.object({ id: z.uuid() })
const listQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
})
const orderPage = z.object({ items: z.array(orderSchema), nextCursor: z.string().nullable() })
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'The Idempotency-Key header is required: send a new random key with each new order' })
    .min(8, 'The Idempotency-Key header needs at least 8 characters')
    .max(200, 'The Idempotency-Key header has at most 200 characters'),
})
const decisionBody = z.object({ note: z.string().trim().max(1000).nullable().default(null) })

export default async function orderRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post('/api/orders/quote', {
    preHandler: requireMember,
    schema: {
      tags: ['orders'],
      summary: "The server's price for a configuration, with the promotion applied or refused",
      body: orderRequestSchema,
      response: { 200: priceBreakdownSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => quoteOrder(ctx, callerOf(request), request.body),
  })

  api.post('/api/orders', {
    preHandler: requireMember,
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
      )
      reply.status(placed.created ? 201 : 200)
      return placed.order
    },
  })

  api.get('/api/orders', {
    preHandler: requireMember,
    schema: {
      tags: ['orders'],
      summary: "The organization's orders, newest first",
      querystring: listQuery,
      response: { 200: orderPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) =>
      listOrders(ctx.db, { ...request.query, organizationId: request.user.organizationId }),
  })

  api.get('/api/orders/:id', {
    preHandler: requireMember,
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
    preHandler: requireMember,
    schema: {
      tags: ['orders'],
      summary: 'Withdraw an order that waits for approval',
      params: idParams,
      response: { 200: orderSchema, ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (request) => cancelOrder(ctx, callerOf(request), request.params.id),
  })

  api.get('/api/officers/orders', {
    preHandler: requireOfficer,
    schema: {
      tags: ['officers'],
      summary: 'Orders of every organization, for review (default: those waiting for approval)',
      querystring: listQuery.extend({ status: z.enum(ORDER_STATUSES).default('pending_approval') }),
      response: { 200: orderPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => listOrders(ctx.db, request.query),
  })

  api.post('/api/officers/orders/:id/approve', {
    preHandler: requireOfficer,
    schema: {
      tags: ['officers'],
      summary: 'Approve an order: its cluster is created and provisioning starts',
      params: idParams,
      body: decisionBody,
      response: { 200: orderSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      decideOrder(ctx, request.user.id, request.params.id, { approve: true, note: request.body.note }),
  })

  api.post('/api/officers/orders/:id/reject', {
    preHandler: requireOfficer,
    schema: {
      tags: ['officers'],
      summary: 'Decline an order, with the reason the customer will read',
      params: idParams,
      body: z.object({ note: z.string().trim().min(1, 'Say why the order is declined').max(1000) }),
      response: { 200: orderSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      decideOrder(ctx, request.user.id, request.params.id, { approve: false, note: request.body.note }),
  })
}
