import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { messageResponseSchema } from '#common/schemas/errors.ts'
import {
  contactRequestSchema,
  contactSalesRequestSchema,
  customQuoteRequestSchema,
  demoBookingReceiptSchema,
  demoBookingRequestSchema,
  demoSlotsResponseSchema,
  leadReceiptSchema,
  newsletterConfirmRequestSchema,
  newsletterConfirmResponseSchema,
  newsletterSubscribeRequestSchema,
  workloadMigrationRequestSchema,
} from '#common/schemas/leads.ts'
import type { ServerContext } from '#server/context.ts'
import { errorResponses, guessableRoute } from '#server/lib/http.ts'
import {
  bookDemo,
  confirmNewsletter,
  type LeadSubmission,
  listDemoSlots,
  submitLead,
  subscribeToNewsletter,
} from './service.ts'

/**
 * The lead forms of the public site: open to everyone, each limited per IP on its own
 * (LEAD_RATE_LIMIT_PER_IP per LEAD_RATE_LIMIT_WINDOW_SECONDS), since each one sends mail.
 */
export default async function leadRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const leadForm = {
    rateLimit: {
      max: ctx.config.leadRateLimit.perIp,
      timeWindow: ctx.config.leadRateLimit.windowSeconds * 1000,
    },
  }
  const created = { 201: leadReceiptSchema, ...errorResponses(400, 403, 429) }

  /** The four request forms: the same answer and limit, each with its own body and kind. */
  const LEAD_FORMS = [
    {
      url: '/api/leads/contact-sales',
      kind: 'contact_sales',
      summary: 'Ask the sales team to get in touch',
      body: contactSalesRequestSchema,
    },
    {
      url: '/api/leads/custom-quote',
      kind: 'custom_quote',
      summary: 'Ask for a quote tailored to a cluster project',
      body: customQuoteRequestSchema,
    },
    {
      url: '/api/leads/workload-migration',
      kind: 'workload_migration',
      summary: 'Ask for help moving workloads to Clusterdeck',
      body: workloadMigrationRequestSchema,
    },
    {
      url: '/api/leads/contact',
      kind: 'contact',
      summary: 'Send a message to the Clusterdeck team',
      body: contactRequestSchema,
    },
  ] as const
  for (const form of LEAD_FORMS) {
    api.post(form.url, {
      config: leadForm,
      schema: { tags: ['leads'], summary: form.summary, body: form.body, response: created },
      handler: async (request, reply) => {
        reply.status(201)
        // The body's schema is the form's own: a pairing TypeScript cannot follow through the loop.
        return submitLead(ctx, { kind: form.kind, request: request.body } as LeadSubmission)
      },
    })
  }

  api.get('/api/leads/demo-slots', {
    schema: {
      tags: ['leads'],
      summary: 'The free 30-minute demo slots of the next 10 business days (09:00–17:00, Paris time)',
      response: { 200: demoSlotsResponseSchema },
    },
    handler: async (_request, reply) => {
      // Slots are taken as people book: never serve a stale list.
      reply.header('cache-control', 'no-store')
      return listDemoSlots(ctx.db)
    },
  })

  api.post('/api/leads/schedule-demo', {
    config: leadForm,
    schema: {
      tags: ['leads'],
      summary: 'Book a demo in one of the free slots',
      description: 'A slot booked by someone else in the meantime answers 409 (code SLOT_TAKEN).',
      body: demoBookingRequestSchema,
      response: { 201: demoBookingReceiptSchema, ...errorResponses(400, 403, 409, 422, 429) },
    },
    handler: async (request, reply) => {
      reply.status(201)
      return bookDemo(ctx, request.body)
    },
  })

  api.post('/api/newsletter/subscriptions', {
    config: leadForm,
    schema: {
      tags: ['leads'],
      summary: 'Subscribe to the newsletter: a link to confirm the subscription is mailed (double opt-in)',
      body: newsletterSubscribeRequestSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 403, 429) },
    },
    handler: async (request) => subscribeToNewsletter(ctx, request.body),
  })

  api.post('/api/newsletter/confirm', {
    config: guessableRoute,
    schema: {
      tags: ['leads'],
      summary: 'Confirm a newsletter subscription with the token of the mailed link',
      body: newsletterConfirmRequestSchema,
      response: { 200: newsletterConfirmResponseSchema, ...errorResponses(400, 403, 429) },
    },
    handler: async (request) => confirmNewsletter(ctx, request.body.token),
  })
}
