import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import { toOrderResponse } from './present.ts'
import { cancelOrder, findOrder, listOrders, placeOrder, quoteOrder } from './service.ts'

const endpoints = api.orders

/** The organization's orders: its active members only. */
export default async function orderRoutes(app: FastifyInstance, ctx: ServerContext) {
  // Quotes preview the invoice and orders are weighed against the credit limit, both in the
  // organization's billing currency.
  const { rates } = ctx

  serve(app, endpoints.quote, async (request) =>
    quoteOrder(ctx, callerOf(request), request.body, (await rates.current()).rates),
  )

  serve(app, endpoints.place, async (request, reply) => {
    const placed = await placeOrder(
      ctx,
      callerOf(request),
      request.body,
      request.headers['idempotency-key'],
      (await rates.current()).rates,
    )
    reply.status(placed.created ? 201 : 200)
    return placed.order
  })

  serve(app, endpoints.list, async (request) =>
    listOrders(ctx.db, callerOf(request).organizationId, request.query),
  )

  serve(app, endpoints.get, async (request) =>
    toOrderResponse(await findOrder(ctx.db, request.params.id, callerOf(request).organizationId)),
  )

  serve(app, endpoints.cancel, async (request) => cancelOrder(ctx, callerOf(request), request.params.id))
}
