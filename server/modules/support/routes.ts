import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import { SUPPORT_BODY_LIMIT_BYTES } from '#common/schemas/support.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import { registerOrderKind, serveOrdering } from '#server/modules/orders/index.ts'
import { sendAttachment, withBodyLimit } from './attachment-answer.ts'
import {
  findTicketForOfficer,
  listOfficers,
  listTicketsForOfficers,
  officerAttachment,
  replyAsOfficer,
  updateTicketAsOfficer,
} from './officers.ts'
import { supportPlanOrders } from './plans.ts'
import { devSupportRoutes, publicSupportRoutes } from './public-routes.ts'
import {
  findTicket,
  listTicketResources,
  listTickets,
  memberAttachment,
  moveTicket,
  openTicket,
  rateTicket,
  replyAsMember,
  supportOverview,
} from './service.ts'
import { limitOrganizationRequests } from './upload-limits.ts'

const endpoints = api.support

/** The support desk: members' tickets, the public site's tickets and tracking, the officers' queue. */
export default async function supportRoutes(app: FastifyInstance, ctx: ServerContext) {
  await memberRoutes(app, ctx)
  await app.register(publicSupportRoutes, ctx)
  if (ctx.config.devRoutes) await app.register(devSupportRoutes, ctx)
  await officerRoutes(app, ctx)

  registerOrderKind(supportPlanOrders)
  serveOrdering(app, ctx, { kind: supportPlanOrders, place: endpoints.upgradePlan })
}

async function memberRoutes(app: FastifyInstance, ctx: ServerContext) {
  serve(app, endpoints.overview, async (request) => supportOverview(ctx.db, callerOf(request)))
  serve(app, endpoints.resources, async (request) => ({
    items: await listTicketResources(ctx.db, callerOf(request)),
  }))
  serve(app, endpoints.tickets, async (request) => ({
    items: await listTickets(ctx.db, callerOf(request), request.query),
  }))

  // The routes that carry files: so many requests an hour per organization, checked before the body is.
  const perOrganization = { preValidation: limitOrganizationRequests(ctx) }
  await withBodyLimit(app, SUPPORT_BODY_LIMIT_BYTES, (scope) => {
    serve(
      scope,
      endpoints.openTicket,
      async (request, reply) =>
        reply.status(201).send(await openTicket(ctx, callerOf(request), request.body)),
      perOrganization,
    )
    serve(
      scope,
      endpoints.reply,
      async (request) => replyAsMember(ctx, callerOf(request), request.params.id, request.body),
      perOrganization,
    )
  })

  serve(app, endpoints.ticket, async (request) => findTicket(ctx.db, callerOf(request), request.params.id))
  serve(app, endpoints.resolve, async (request) =>
    moveTicket(ctx, callerOf(request), request.params.id, 'resolve'),
  )
  serve(app, endpoints.close, async (request) =>
    moveTicket(ctx, callerOf(request), request.params.id, 'close'),
  )
  serve(app, endpoints.reopen, async (request) =>
    moveTicket(ctx, callerOf(request), request.params.id, 'reopen'),
  )
  serve(app, endpoints.rate, async (request) =>
    rateTicket(ctx, callerOf(request), request.params.id, request.body),
  )
  serve(app, endpoints.attachment, async (request, reply) =>
    sendAttachment(
      reply,
      await memberAttachment(ctx.db, callerOf(request), request.params.id, request.params.attachmentId),
    ),
  )
}

/** The officers' side of the desk: every organization's and visitor's tickets. */
async function officerRoutes(app: FastifyInstance, ctx: ServerContext) {
  const officers = api.officers
  serve(app, officers.tickets, async (request) => ({
    items: await listTicketsForOfficers(ctx.db, request.user.id, request.query),
  }))
  serve(app, officers.supportOfficers, async () => ({ items: await listOfficers(ctx.db) }))
  serve(app, officers.ticket, async (request) => findTicketForOfficer(ctx.db, request.params.id))
  serve(app, officers.updateTicket, async (request) =>
    updateTicketAsOfficer(ctx, request.params.id, request.body),
  )
  await withBodyLimit(app, SUPPORT_BODY_LIMIT_BYTES, (scope) =>
    serve(scope, officers.replyToTicket, async (request) =>
      replyAsOfficer(ctx, request.user.id, request.params.id, request.body),
    ),
  )
  serve(app, officers.ticketAttachment, async (request, reply) =>
    sendAttachment(reply, await officerAttachment(ctx.db, request.params.id, request.params.attachmentId)),
  )
}
