import type { FastifyInstance, FastifyRequest } from 'fastify'
import { api } from '#common/contract/index.ts'
import { VISITOR_BODY_LIMIT_BYTES } from '#common/schemas/support.ts'
import type { ServerContext } from '#server/context.ts'
import { serve } from '#server/lib/serve.ts'
import { sendAttachment, withBodyLimit } from './attachment-answer.ts'
import {
  expireTrackingLink,
  findTrackedTicket,
  replyAsVisitor,
  resendTrackingLink,
  submitPublicTicket,
  trackedTicketRow,
} from './public.ts'
import { attachmentOf } from './service.ts'

const endpoints = api.support
/** A ticket number and an address. */
const TRACK_BODY_LIMIT_BYTES = 16 * 1024

/** The public site's desk: a visitor's ticket, its tracking mail, and the thread a tracking link opens. */
export async function publicSupportRoutes(app: FastifyInstance, ctx: ServerContext) {
  // A tracking link's answers, refusals included, are the visitor's alone and change when a new link is issued.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })
  /** The lead forms' limit per IP address. */
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

  // What a visitor's ticket or reply may weigh: two files of 5 MB in base64 and the text.
  await withBodyLimit(app, VISITOR_BODY_LIMIT_BYTES, (scope) => {
    serve(
      scope,
      endpoints.openVisitorTicket,
      async (request, reply) => reply.status(201).send(await submitPublicTicket(ctx, request.body)),
      perIp,
    )
    serve(scope, endpoints.replyToTrackedTicket, async (request) => replyAsVisitor(ctx, request.body), {
      preValidation: trackingLinkFirst,
    })
  })
  await withBodyLimit(app, TRACK_BODY_LIMIT_BYTES, (scope) =>
    serve(scope, endpoints.mailTrackingLink, async (request) => resendTrackingLink(ctx, request.body), perIp),
  )
  serve(app, endpoints.trackedTicket, async (request) => findTrackedTicket(ctx, request.query.token))
  serve(app, endpoints.trackedAttachment, async (request, reply) => {
    const ticket = await trackedTicketRow(ctx.db, ctx.config.sessionSecret, request.query.token)
    return sendAttachment(reply, await attachmentOf(ctx.db, ticket, request.params.attachmentId, false))
  })
}

/** Development only: lets a browser test see an expired tracking link without waiting 30 days. */
export async function devSupportRoutes(app: FastifyInstance, ctx: ServerContext) {
  serve(app, api.development.expireTrackingLink, async (request) => {
    await expireTrackingLink(ctx.db, request.body.number)
    return { message: `The tracking link of ${request.body.number} has expired.` }
  })
}
