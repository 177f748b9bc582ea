import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import { clusterOrders } from './cluster-orders.ts'
import { registerOrderKind } from './kinds.ts'
import { serveOrdering } from './ordering-routes.ts'
import { toOrderResponse } from './present.ts'
import { cancelOrder, findOrder, listOrders } from './service.ts'

const endpoints = api.orders

/** The organization's orders: its active members only. Clusters are ordered here. */
export default async function orderRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerOrderKind(clusterOrders)
  serveOrdering(app, ctx, { kind: clusterOrders, quote: endpoints.quote, place: endpoints.place })

  serve(app, endpoints.list, async (request) =>
    listOrders(ctx.db, callerOf(request).organizationId, request.query),
  )

  serve(app, endpoints.get, async (request) =>
    toOrderResponse(await findOrder(ctx.db, request.params.id, callerOf(request).organizationId)),
  )

  serve(app, endpoints.cancel, async (request) => cancelOrder(ctx, callerOf(request), request.params.id))
}
