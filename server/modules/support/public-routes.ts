import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  publicReplySchema,
  publicTicketSchema,
  TICKET_NUMBER_PATTERN,
  ticketReceiptSchema,
  ticketSchema,
  trackingTokenQuerySchema,
  trackTicketSchema,
  VISITOR_BODY_LIMIT_BYTES,
} from '#common/schemas/support.ts'
import type { ServerContext } from '#server/context.ts'
import { errorResponses, guessableRoute } from '#server/lib/http.ts'
import { file, sendAttachment } from './attachment-answer.ts'
import {
  expireTrackingLink,
  findTrackedTicket,
  replyAsVisitor,
  resendTrackingLink,
  submitPublicTicket,
  trackedTicketRow,
} from './public.ts'
import { attachmentOf } from './service.ts'

const tags = ['support']
const publicAttachmentParams = z.object({ attachmentId: z.uuid() })
/** What a visitor's ticket or reply may weigh: two files of 5 MB in base64 and the text. */
const withVisitorFiles = { bodyLimit: VISITOR_BODY_LIMIT_BYTES }
/** A ticket number and an address. */
const TRACK_BODY_LIMIT_BYTES = 16 * 1024
const trackingLinkAnswers =
  'An unknown link answers 404; an expired one 410 TRACKING_LINK_EXPIRED (a link works 30 days from its mail, and at most 7 days after its ticket closed): ask for a new one on /track-ticket.'

/** The public site's desk: a visitor's ticket, its tracking mail, and the thread a tracking link opens. */
export async function publicSupportRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  // A tracking link's answers, refusals included, are the visitor's alone and change when a new link is issued.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })
  const perIp = {
    rateLimit: {
      max: ctx.config.leadRateLimit.perIp,
      timeWindow: ctx.config.leadRateLimit.windowSeconds * 1000,
    },
  }

  /**
   * The tracking link of a reply is checked before its body is validated, so that nothing about
   * its files (their encoding, their size, their type) is looked at for a wrong or expired link.
   */
  const trackingLinkFirst = async (request: FastifyRequest) => {
    const token = (request.body as { token?: unknown } | undefined)?.token
    if (typeof token === 'string' && token.length > 0 && token.length <= 200)
      await trackedTicketRow(ctx.db, ctx.config.sessionSecret, token)
  }

  api.post('/api/support/public/tickets', {
    ...withVisitorFiles,
    config: perIp,
    schema: {
      tags,
      summary:
        'Send a ticket from the public site: its number and a private tracking link are mailed to the address given',
      description:
        'Limited per IP and per address (429). At most 2 files of 5 MB; SUPPORT_UPLOAD_MB_PER_DAY of files per address over 24 hours (413 UPLOAD_QUOTA_EXCEEDED). The answer never says whether the address is known.',
      body: publicTicketSchema,
      response: { 201: ticketReceiptSchema, ...errorResponses(400, 403, 413, 415, 429) },
    },
    handler: async (request, reply) => reply.status(201).send(await submitPublicTicket(ctx, request.body)),
  })

  api.post('/api/support/public/track', {
    bodyLimit: TRACK_BODY_LIMIT_BYTES,
    config: perIp,
    schema: {
      tags,
      summary:
        'Mail a new tracking link of a ticket, if the number and the address belong together (the links sent before stop working)',
      description:
        'The answer is the same whether they do or not: the ticket is shown only through the mailed link.',
      body: trackTicketSchema,
      response: { 200: ticketReceiptSchema, ...errorResponses(400, 403, 413, 429) },
    },
    handler: async (request) => resendTrackingLink(ctx, request.body),
  })

  api.get('/api/support/public/thread', {
    config: guessableRoute,
    schema: {
      tags,
      summary: 'The ticket a tracking link opens',
      description: trackingLinkAnswers,
      querystring: trackingTokenQuerySchema,
      response: { 200: ticketSchema, ...errorResponses(400, 404, 410, 429) },
    },
    handler: async (request) => findTrackedTicket(ctx, request.query.token),
  })

  api.post('/api/support/public/thread/messages', {
    ...withVisitorFiles,
    config: guessableRoute,
    preValidation: trackingLinkFirst,
    schema: {
      tags,
      summary: 'Reply in the thread a tracking link opens',
      description: `${trackingLinkAnswers} The link is checked before the files. At most 2 files of 5 MB.`,
      body: publicReplySchema,
      response: { 200: ticketSchema, ...errorResponses(400, 403, 404, 410, 413, 415, 429) },
    },
    handler: async (request) => replyAsVisitor(ctx, request.body),
  })

  api.get('/api/support/public/thread/attachments/:attachmentId', {
    config: guessableRoute,
    schema: {
      tags,
      summary: 'A file of the thread a tracking link opens',
      description: trackingLinkAnswers,
      params: publicAttachmentParams,
      querystring: trackingTokenQuerySchema,
      response: { 200: file, ...errorResponses(400, 404, 410, 429) },
    },
    handler: async (request, reply) => {
      const ticket = await trackedTicketRow(ctx.db, ctx.config.sessionSecret, request.query.token)
      return sendAttachment(reply, await attachmentOf(ctx.db, ticket, request.params.attachmentId, false))
    },
  })
}

/** Development only: lets a browser test see an expired tracking link without waiting 30 days. */
export async function devSupportRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post('/api/dev/support/expire-tracking-link', {
    schema: {
      tags: ['development'],
      summary: "Let a visitor ticket's tracking link expire now (development only)",
      body: z.object({ number: z.string().regex(TICKET_NUMBER_PATTERN) }),
      response: { 200: ticketReceiptSchema, ...errorResponses(400, 404) },
    },
    handler: async (request) => {
      await expireTrackingLink(ctx.db, request.body.number)
      return { message: `The tracking link of ${request.body.number} has expired.` }
    },
  })
}
