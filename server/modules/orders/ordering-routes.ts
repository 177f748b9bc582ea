import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { Endpoint } from '#common/contract/endpoint.ts'
import type { idempotencyHeaders } from '#common/contract/parameters.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import type { OrderKindDefinition } from './kinds.ts'
import { placeOrder, quoteOrder } from './placement.ts'

type QuoteEndpoint<Request> = Endpoint & { readonly body: z.ZodType<Request> }
type PlaceEndpoint<Request> = QuoteEndpoint<Request> & { readonly headers: typeof idempotencyHeaders }

/**
 * Serves the endpoints a kind is ordered through: its quote, if it has one, and its placement (201
 * for a new order, 200 for the one already placed with this Idempotency-Key).
 */
export function serveOrdering<Request extends object>(
  app: FastifyInstance,
  ctx: ServerContext,
  {
    kind,
    quote,
    place,
  }: { kind: OrderKindDefinition<Request>; quote?: QuoteEndpoint<Request>; place: PlaceEndpoint<Request> },
) {
  // Quotes preview the invoice and orders are weighed against the credit limit, both in the
  // organization's billing currency.
  const rates = quote || kind.weighedAgainstCreditLimit ? ctx.rates : null

  // The endpoint's schema has parsed the body into the kind's request; Fastify's typing of a body
  // whose type is a parameter cannot say so.
  const requestOf = (request: { body: unknown }) => request.body as Request

  if (quote && rates)
    serve(app, quote, async (request) =>
      quoteOrder(ctx, {
        caller: callerOf(request),
        kind,
        request: requestOf(request),
        rates: (await rates.current()).rates,
      }),
    )

  serve(app, place, async (request, reply) => {
    const placed = await placeOrder(ctx, {
      caller: callerOf(request),
      kind,
      request: requestOf(request),
      idempotencyKey: request.headers['idempotency-key'],
      ...(rates ? { rates: (await rates.current()).rates } : {}),
    })
    return reply.status(placed.created ? 201 : 200).send(placed.order)
  })
}
