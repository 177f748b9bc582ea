import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { serve } from '#server/lib/serve.ts'
import { bookDemo, confirmNewsletter, listDemoSlots, submitLead, subscribeToNewsletter } from './service.ts'

const endpoints = api.leads

/**
 * The lead forms of the public site: open to everyone, each limited per IP on its own
 * (LEAD_RATE_LIMIT_PER_IP per LEAD_RATE_LIMIT_WINDOW_SECONDS), since each one sends mail.
 */
export default async function leadRoutes(app: FastifyInstance, ctx: ServerContext) {
  const leadForm = {
    rateLimit: {
      max: ctx.config.leadRateLimit.perIp,
      timeWindow: ctx.config.leadRateLimit.windowSeconds * 1000,
    },
  }

  serve(
    app,
    endpoints.contactSales,
    async (request, reply) => {
      reply.status(201)
      return submitLead(ctx, { kind: 'contact_sales', request: request.body })
    },
    leadForm,
  )
  serve(
    app,
    endpoints.customQuote,
    async (request, reply) => {
      reply.status(201)
      return submitLead(ctx, { kind: 'custom_quote', request: request.body })
    },
    leadForm,
  )
  serve(
    app,
    endpoints.workloadMigration,
    async (request, reply) => {
      reply.status(201)
      return submitLead(ctx, { kind: 'workload_migration', request: request.body })
    },
    leadForm,
  )
  serve(
    app,
    endpoints.contact,
    async (request, reply) => {
      reply.status(201)
      return submitLead(ctx, { kind: 'contact', request: request.body })
    },
    leadForm,
  )

  serve(app, endpoints.demoSlots, async (_request, reply) => {
    // Slots are taken as people book: never serve a stale list.
    reply.header('cache-control', 'no-store')
    return listDemoSlots(ctx.db)
  })
  serve(
    app,
    endpoints.scheduleDemo,
    async (request, reply) => {
      reply.status(201)
      return bookDemo(ctx, request.body)
    },
    leadForm,
  )

  serve(
    app,
    endpoints.subscribeNewsletter,
    async (request) => subscribeToNewsletter(ctx, request.body),
    leadForm,
  )
  serve(app, endpoints.confirmNewsletter, async (request) => confirmNewsletter(ctx, request.body.token))
}
