import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import {
  grantCreditsByOfficer,
  issueCreditNote,
  listInvoicesForOfficers,
  toInvoiceSummary,
} from '#server/modules/billing/index.ts'
import { decideOrder, listOrdersForOfficers } from '#server/modules/orders/index.ts'

const endpoints = api.officers

/**
 * The officers panel: whether the caller may open it (any signed-in person may ask), and the
 * reviews only officers do (orders waiting for approval; invoices, credit notes and credits).
 * The support desk's queue is served by the support module.
 */
export default async function officerRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { rates } = ctx

  serve(app, endpoints.checkAccess, async (request) => request.user.isOfficer)

  serve(app, endpoints.orders, async (request) => listOrdersForOfficers(ctx.db, request.query))
  serve(app, endpoints.approveOrder, async (request) =>
    decideOrder(ctx, callerOf(request), request.params.id, { approve: true, note: request.body.note }),
  )
  serve(app, endpoints.rejectOrder, async (request) =>
    decideOrder(ctx, callerOf(request), request.params.id, { approve: false, note: request.body.note }),
  )

  serve(app, endpoints.invoices, async (request) => listInvoicesForOfficers(ctx.db, request.query))
  serve(app, endpoints.issueCreditNote, async (request, reply) => {
    const note = await issueCreditNote(ctx.db, {
      invoiceId: request.params.id,
      amountCents: request.body.amountCents,
      reason: request.body.reason,
      officer: callerOf(request),
    })
    return reply.status(201).send(toInvoiceSummary(note))
  })
  serve(app, endpoints.grantCredits, async (request, reply) =>
    reply
      .status(201)
      .send(
        await grantCreditsByOfficer(ctx.db, request.body, callerOf(request), (await rates.current()).rates),
      ),
  )
}
