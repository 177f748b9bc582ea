import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { orderSchema } from '#common/schemas/clusters.ts'
import {
  newTicketSchema,
  officerReplySchema,
  officerTicketQuerySchema,
  officerTicketUpdateSchema,
  ratingSchema,
  replySchema,
  SUPPORT_BODY_LIMIT_BYTES,
  supportOverviewSchema,
  supportPlanUpgradeSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketResourceSchema,
  ticketSchema,
} from '#common/schemas/support.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses, idempotencyHeaders } from '#server/lib/http.ts'
import { requireAdmin, requireMember, requireOfficer } from '#server/plugins/auth.ts'
import { file, sendAttachment } from './attachment-answer.ts'
import {
  findTicketForOfficer,
  listOfficers,
  listTicketsForOfficers,
  officerAttachment,
  replyAsOfficer,
  updateTicketAsOfficer,
} from './officers.ts'
import { upgradeSupportPlan } from './plans.ts'
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

const tags = ['support']
const idParams = z.object({ id: z.uuid() })
const attachmentParams = z.object({ id: z.uuid(), attachmentId: z.uuid() })
const withAttachments = { bodyLimit: SUPPORT_BODY_LIMIT_BYTES }
/** The support desk: members' tickets, the public site's tickets and tracking, the officers' queue. */
export default async function supportRoutes(app: FastifyInstance, ctx: ServerContext) {
  await app.register(memberRoutes, ctx)
  await app.register(publicSupportRoutes, ctx)
  if (!ctx.config.isProduction) await app.register(devSupportRoutes, ctx)
  await app.register(officerRoutes, ctx)
  await app.register(adminRoutes, ctx)
}

async function adminRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireAdmin)

  api.post('/api/support/plan-upgrade', {
    schema: {
      tags,
      summary: 'Move the organization to a higher support plan (an order, in effect at once)',
      description:
        'Organization admins only. Needs an Idempotency-Key header: the same key and body return the same order (200). A plan that is not above the current one answers 422 NOT_AN_UPGRADE.',
      headers: idempotencyHeaders,
      body: supportPlanUpgradeSchema,
      response: { 200: orderSchema, 201: orderSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const placed = await upgradeSupportPlan(
        ctx,
        callerOf(request),
        request.body,
        request.headers['idempotency-key'],
      )
      return reply.status(placed.created ? 201 : 200).send(placed.order)
    },
  })
}

async function memberRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireMember)

  api.get('/api/support/overview', {
    schema: {
      tags,
      summary:
        "The organization's support plan with its response targets, the plans above it, and its open tickets",
      response: { 200: supportOverviewSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => supportOverview(ctx.db, callerOf(request)),
  })

  api.get('/api/support/resources', {
    schema: {
      tags,
      summary: "What a ticket can be about: the organization's clusters, installations, orders and invoices",
      response: { 200: z.object({ items: z.array(ticketResourceSchema) }), ...errorResponses(401, 403) },
    },
    handler: async (request) => ({ items: await listTicketResources(ctx.db, callerOf(request)) }),
  })

  api.get('/api/support/tickets', {
    schema: {
      tags,
      summary: "The organization's tickets, most recently changed first",
      querystring: ticketListQuerySchema,
      response: { 200: ticketListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ items: await listTickets(ctx.db, callerOf(request), request.query) }),
  })

  // The routes that carry files: so many requests an hour per organization, checked before the body is.
  const memberUploads = { ...withAttachments, preValidation: limitOrganizationRequests(ctx) }
  const uploadLimits =
    'Each organization may send SUPPORT_REQUESTS_PER_HOUR tickets and replies an hour (429) and SUPPORT_UPLOAD_MB_PER_DAY of files over 24 hours (413 UPLOAD_QUOTA_EXCEEDED).'

  api.post('/api/support/tickets', {
    ...memberUploads,
    schema: {
      tags,
      summary: 'Open a ticket; its response clocks start from the organization’s support plan',
      description: `P1 needs a plan with 24/7 coverage (422 PRIORITY_NOT_COVERED). Attachments: at most 4, 10 MB each (413), PNG, JPEG, PDF, text or log, checked from their content (415). ${uploadLimits}`,
      body: newTicketSchema,
      response: { 201: ticketSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await openTicket(ctx, callerOf(request), request.body)),
  })

  api.get('/api/support/tickets/:id', {
    schema: {
      tags,
      summary: 'One ticket with its thread',
      params: idParams,
      response: { 200: ticketSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => findTicket(ctx.db, callerOf(request), request.params.id),
  })

  api.post('/api/support/tickets/:id/messages', {
    ...memberUploads,
    schema: {
      tags,
      summary: 'Reply in the thread; a resolved or closed ticket reopens',
      description: uploadLimits,
      params: idParams,
      body: replySchema,
      response: { 200: ticketSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
    },
    handler: async (request) => replyAsMember(ctx, callerOf(request), request.params.id, request.body),
  })

  for (const move of ['resolve', 'close', 'reopen'] as const)
    api.post(`/api/support/tickets/:id/${move}`, {
      schema: {
        tags,
        summary: {
          resolve: 'Mark the ticket resolved',
          close: 'Close the ticket',
          reopen: 'Reopen the ticket',
        }[move],
        params: idParams,
        response: { 200: ticketSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      handler: async (request) => moveTicket(ctx, callerOf(request), request.params.id, move),
    })

  api.post('/api/support/tickets/:id/rating', {
    schema: {
      tags,
      summary: 'Rate the answer of a resolved ticket, 1 to 5, with a comment if you like (once)',
      params: idParams,
      body: ratingSchema,
      response: { 200: ticketSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => rateTicket(ctx, callerOf(request), request.params.id, request.body),
  })

  api.get('/api/support/tickets/:id/attachments/:attachmentId', {
    schema: {
      tags,
      summary: 'A file attached to the thread',
      params: attachmentParams,
      response: { 200: file, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) =>
      sendAttachment(
        reply,
        await memberAttachment(ctx.db, callerOf(request), request.params.id, request.params.attachmentId),
      ),
  })
}

async function officerRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireOfficer)

  api.get('/api/officers/tickets', {
    schema: {
      tags: ['officers'],
      summary: "Every organization's and visitor's tickets, the most urgent clock first",
      querystring: officerTicketQuerySchema,
      response: { 200: ticketListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({
      items: await listTicketsForOfficers(ctx.db, request.user.id, request.query),
    }),
  })

  api.get('/api/officers/support-officers', {
    schema: {
      tags: ['officers'],
      summary: 'The officers a ticket can be assigned to',
      response: {
        200: z.object({ items: z.array(z.object({ id: z.uuid(), name: z.string() })) }),
        ...errorResponses(401, 403),
      },
    },
    handler: async () => ({ items: await listOfficers(ctx.db) }),
  })

  api.get('/api/officers/tickets/:id', {
    schema: {
      tags: ['officers'],
      summary: 'One ticket with its thread and internal notes',
      params: idParams,
      response: { 200: ticketSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => findTicketForOfficer(ctx.db, request.params.id),
  })

  api.patch('/api/officers/tickets/:id', {
    schema: {
      tags: ['officers'],
      summary: 'Change the state, the priority (its targets follow) or the assignee',
      params: idParams,
      body: officerTicketUpdateSchema,
      response: { 200: ticketSchema, ...errorResponses(400, 401, 403, 404, 422) },
    },
    handler: async (request) => updateTicketAsOfficer(ctx, request.params.id, request.body),
  })

  api.post('/api/officers/tickets/:id/messages', {
    ...withAttachments,
    schema: {
      tags: ['officers'],
      summary: 'Reply to the customer (mailed) or add an internal note they never see',
      params: idParams,
      body: officerReplySchema,
      response: { 200: ticketSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => replyAsOfficer(ctx, request.user.id, request.params.id, request.body),
  })

  api.get('/api/officers/tickets/:id/attachments/:attachmentId', {
    schema: {
      tags: ['officers'],
      summary: 'A file attached to the thread or to a note',
      params: attachmentParams,
      response: { 200: file, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) =>
      sendAttachment(reply, await officerAttachment(ctx.db, request.params.id, request.params.attachmentId)),
  })
}
