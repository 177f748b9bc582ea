import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import {
  decideErasure,
  exportArchive,
  extendErasure,
  listErasuresForOfficers,
  listOwnRequests,
  requestErasure,
  requestExport,
} from './requests.ts'

const endpoints = api.gdpr

/** Requests under the GDPR: a person's own, and the officers' erasure queue. */
export default async function gdprRoutes(app: FastifyInstance, ctx: ServerContext) {
  serve(app, endpoints.requests, async (request) => ({
    items: await listOwnRequests(ctx.db, callerOf(request)),
  }))

  serve(app, endpoints.requestExport, async (request, reply) =>
    reply.status(201).send(await requestExport(ctx, callerOf(request))),
  )

  serve(app, endpoints.downloadExport, async (request, reply) =>
    reply
      .type('application/zip')
      .header('content-disposition', 'attachment; filename="clusterdeck-data-export.zip"')
      // A Buffer goes out as it is, past the response serializer.
      .send(await exportArchive(ctx.db, callerOf(request), request.params.id)),
  )

  serve(app, endpoints.requestErasure, async (request, reply) =>
    reply.status(201).send(await requestErasure(ctx, callerOf(request), request.body.reason)),
  )

  serve(app, endpoints.erasureQueue, async () => ({ items: await listErasuresForOfficers(ctx.db) }))

  serve(app, endpoints.approveErasure, async (request, reply) => {
    await decideErasure(ctx, callerOf(request), request.params.id, true, null)
    return reply.status(204).send(null)
  })

  serve(app, endpoints.refuseErasure, async (request, reply) => {
    await decideErasure(ctx, callerOf(request), request.params.id, false, request.body.reason)
    return reply.status(204).send(null)
  })

  serve(app, endpoints.extendErasure, async (request, reply) => {
    await extendErasure(ctx, callerOf(request), request.params.id, request.body.reason)
    return reply.status(204).send(null)
  })
}
