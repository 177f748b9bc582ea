import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  creditGrantRequestSchema,
  creditGrantResponseSchema,
  creditNoteRequestSchema,
  invoiceSummarySchema,
  officerInvoiceQuerySchema,
  officerInvoiceSchema,
} from '#common/schemas/billing.ts'
import {
  ORDER_STATUSES,
  orderApprovalSchema,
  orderRejectionSchema,
  orderSchema,
} from '#common/schemas/clusters.ts'
import { pageQuerySchema, pageSchema } from '#common/schemas/pagination.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses } from '#server/lib/http.ts'
import { grantCreditsByOfficer, issueCreditNote } from '#server/modules/billing/credit-notes.ts'
import { listInvoicesForOfficers, toInvoiceSummary } from '#server/modules/billing/invoices.ts'
import { decideOrder } from '#server/modules/orders/approval.ts'
import { listOrdersForOfficers } from '#server/modules/orders/service.ts'
import { createRatesService } from '#server/modules/rates/service.ts'
import { requireOfficer, requireUser } from '#server/plugins/auth.ts'

const idParams = z.object({ id: z.uuid() })

/**
 * The officers panel: whether the caller may open it (any signed-in person may ask), and the
 * reviews only officers do (orders waiting for approval; invoices, credit notes and credits),
 * each group behind its own hook.
 */
export default async function officerRoutes(app: FastifyInstance, ctx: ServerContext) {
  await app.register(accessRoutes)
  await app.register(orderReviewRoutes, ctx)
  await app.register(billingReviewRoutes, ctx)
}

async function accessRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireUser)

  api.get('/api/officers/check-access', {
    schema: {
      tags: ['officers'],
      summary: 'Whether the caller may open the officers panel',
      response: { 200: z.boolean(), ...errorResponses(401) },
    },
    handler: async (request) => request.user.isOfficer,
  })
}

async function orderReviewRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireOfficer)

  api.get('/api/officers/orders', {
    schema: {
      tags: ['officers'],
      summary: 'Orders of every organization, for review (default: those waiting for approval)',
      querystring: pageQuerySchema(25).extend({ status: z.enum(ORDER_STATUSES).default('pending_approval') }),
      response: { 200: pageSchema(orderSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => listOrdersForOfficers(ctx.db, request.query),
  })

  api.post('/api/officers/orders/:id/approve', {
    schema: {
      tags: ['officers'],
      summary: 'Approve an order: its cluster is created and provisioning starts',
      params: idParams,
      body: orderApprovalSchema,
      response: { 200: orderSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      decideOrder(ctx, callerOf(request), request.params.id, { approve: true, note: request.body.note }),
  })

  api.post('/api/officers/orders/:id/reject', {
    schema: {
      tags: ['officers'],
      summary: 'Decline an order, with the reason the customer will read',
      params: idParams,
      body: orderRejectionSchema,
      response: { 200: orderSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      decideOrder(ctx, callerOf(request), request.params.id, { approve: false, note: request.body.note }),
  })
}

async function billingReviewRoutes(app: FastifyInstance, ctx: ServerContext) {
  const rates = createRatesService({
    primaryUrl: ctx.config.ratesPrimaryUrl,
    backupUrl: ctx.config.ratesBackupUrl,
    log: app.log,
  })
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireOfficer)

  api.get('/api/officers/invoices', {
    schema: {
      tags: ['officers'],
      summary: 'Invoices of every organization (default: the overdue ones)',
      querystring: officerInvoiceQuerySchema,
      response: { 200: pageSchema(officerInvoiceSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => listInvoicesForOfficers(ctx.db, request.query),
  })

  api.post('/api/officers/invoices/:id/credit-notes', {
    schema: {
      tags: ['officers'],
      summary: 'Issue a credit note against an invoice, with its reason',
      params: idParams,
      body: creditNoteRequestSchema,
      response: { 201: invoiceSummarySchema, ...errorResponses(400, 401, 403, 404, 422) },
    },
    handler: async (request, reply) => {
      const note = await issueCreditNote(ctx.db, {
        invoiceId: request.params.id,
        amountCents: request.body.amountCents,
        reason: request.body.reason,
        officer: callerOf(request),
      })
      return reply.status(201).send(toInvoiceSummary(note))
    },
  })

  api.post('/api/officers/credits', {
    schema: {
      tags: ['officers'],
      summary: 'Grant credits to an organization, until a date',
      body: creditGrantRequestSchema,
      response: {
        201: creditGrantResponseSchema,
        ...errorResponses(400, 401, 403, 404, 422),
      },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await grantCreditsByOfficer(ctx.db, request.body, callerOf(request), (await rates.current()).rates),
        ),
  })
}
