import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import { registerOrderKind } from '#server/modules/orders/index.ts'
import {
  acceptQuote,
  customSolutionOrders,
  declineQuote,
  findCustomSolution,
  listCustomSolutions,
  listCustomSolutionsForOfficers,
  sendQuote,
  submitCustomSolution,
} from './service.ts'

const endpoints = api.customSolutions

/** Custom solutions: the customer's requests and answers, and the officers' quotes. */
export default async function customSolutionRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerOrderKind(customSolutionOrders)
  // Quotes are priced in the organization's billing currency and converted at the day's rate.
  const { rates } = ctx

  serve(app, endpoints.list, async (request) => ({
    items: await listCustomSolutions(ctx.db, callerOf(request)),
  }))
  serve(app, endpoints.submit, async (request, reply) => {
    reply.status(201)
    return submitCustomSolution(ctx, callerOf(request), request.body)
  })
  serve(app, endpoints.get, async (request) =>
    findCustomSolution(ctx.db, callerOf(request), request.params.id),
  )
  serve(app, endpoints.acceptQuote, async (request, reply) => {
    reply.status(201)
    return acceptQuote(ctx, callerOf(request), { id: request.params.id, quoteId: request.params.quoteId })
  })
  serve(app, endpoints.declineQuote, async (request) =>
    declineQuote(ctx, callerOf(request), request.params.id, request.params.quoteId, request.body.reason),
  )

  serve(app, endpoints.officerList, async (request) => ({
    items: await listCustomSolutionsForOfficers(ctx.db, request.query.status),
  }))
  serve(app, endpoints.sendQuote, async (request, reply) => {
    const quoted = await sendQuote(
      ctx,
      request.user.id,
      request.params.id,
      request.body,
      (await rates.current()).rates,
    )
    reply.status(201)
    return quoted
  })
}
