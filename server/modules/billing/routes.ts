import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { notFound } from '#server/lib/errors.ts'
import { serve } from '#server/lib/serve.ts'
import { billingDetailsOf, updateBillingDetails } from './billing-details.ts'
import { documentLanguageOf, organizationOf } from './billing-organization.ts'
import { plansOf } from './billing-plans.ts'
import { createBudgetAlert, deleteBudgetAlert, listBudgetAlerts } from './budget-alerts.ts'
import { creditsOf } from './credit-statement.ts'
import { renderFacturX } from './facturx.ts'
import { invoiceCsv } from './invoice-csv.ts'
import { renderInvoicePdf } from './invoice-pdf.ts'
import { findInvoice, listInvoices } from './invoice-reads.ts'
import {
  cardPaymentsUnavailable,
  checkoutCredits,
  checkoutInvoice,
  checkoutSetup,
  createStripe,
  handleStripeEvent,
  listPaymentMethods,
  makeDefaultPaymentMethod,
  paymentStatus,
  removePaymentMethod,
  verifyWebhook,
} from './payments.ts'
import { invoiceIssuerOf } from './seller.ts'
import { billingSummary } from './summary.ts'

const endpoints = api.billing

/** The organization's billing: every member reads it, its admins pay and change it; Stripe's webhook. */
export default async function billingRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { rates } = ctx
  const stripe = ctx.config.stripe ? createStripe(ctx.config.stripe) : undefined
  const issuer = invoiceIssuerOf(ctx.config)
  const requireStripe = () => {
    if (!stripe) throw cardPaymentsUnavailable()
    return stripe
  }

  serve(app, endpoints.credits, async (request) =>
    creditsOf(ctx.db, callerOf(request).organizationId, new Date()),
  )
  serve(app, endpoints.summary, async (request) => {
    const { organizationId } = callerOf(request)
    const now = new Date()
    const organization = await organizationOf(ctx.db, organizationId)
    const credits = await creditsOf(ctx.db, organizationId, now)
    return billingSummary(ctx.db, organization, credits.balanceCents, now, (await rates.current()).rates)
  })
  serve(app, endpoints.plans, async (request) => plansOf(ctx.db, callerOf(request).organizationId))
  serve(app, endpoints.paymentMethods, async (request) => ({
    cardPaymentsConfigured: stripe !== undefined,
    bankTransfer: issuer.payment.bankTransfer ?? null,
    billingEmail: issuer.payment.billingEmail,
    items: stripe ? await listPaymentMethods(ctx.db, stripe, callerOf(request).organizationId) : [],
  }))

  serve(app, endpoints.invoices, async (request) =>
    listInvoices(ctx.db, callerOf(request).organizationId, request.query),
  )
  serve(app, endpoints.invoice, async (request) =>
    findInvoice(ctx.db, { organizationId: callerOf(request).organizationId, id: request.params.id }),
  )
  serve(app, endpoints.invoiceCsv, async (request, reply) => {
    const invoice = await findInvoice(ctx.db, {
      organizationId: callerOf(request).organizationId,
      id: request.params.id,
    })
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${invoice.number}.csv"`)
      .send(invoiceCsv(invoice))
  })
  serve(app, endpoints.invoicePdf, async (request, reply) => {
    const { organizationId } = callerOf(request)
    const invoice = await findInvoice(ctx.db, { organizationId, id: request.params.id })
    const pdf = await renderInvoicePdf(invoice, await documentLanguageOf(ctx.db, organizationId), issuer)
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
      .send(pdf)
  })
  serve(app, endpoints.invoiceFacturx, async (request, reply) => {
    const { organizationId } = callerOf(request)
    const invoice = await findInvoice(ctx.db, { organizationId, id: request.params.id })
    const language = await documentLanguageOf(ctx.db, organizationId)
    const pdf = await renderFacturX(invoice, issuer, request.log, language)
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.number}-facturx.pdf"`)
      .send(pdf)
  })

  serve(app, endpoints.details, async (request) => billingDetailsOf(ctx.db, callerOf(request).organizationId))
  serve(app, endpoints.updateDetails, async (request) =>
    updateBillingDetails(ctx.db, callerOf(request), request.body),
  )

  serve(app, endpoints.budgetAlerts, async (request) =>
    listBudgetAlerts(ctx.db, callerOf(request).organizationId),
  )
  serve(app, endpoints.createBudgetAlert, async (request, reply) => {
    const alert = await createBudgetAlert(ctx, { ...callerOf(request), ...request.body })
    return reply.status(201).send(alert)
  })
  serve(app, endpoints.deleteBudgetAlert, async (request, reply) => {
    await deleteBudgetAlert(ctx.db, {
      organizationId: callerOf(request).organizationId,
      id: request.params.id,
    })
    return reply.status(204).send(null)
  })

  serve(app, endpoints.payment, async (request) =>
    paymentStatus(ctx.db, { organizationId: callerOf(request).organizationId, paymentId: request.params.id }),
  )
  serve(app, endpoints.buyCredits, async (request) =>
    checkoutCredits(ctx.db, requireStripe(), {
      caller: callerOf(request),
      amount: request.body.amount,
      rates: (await rates.current()).rates,
      appUrl: ctx.config.appUrl,
    }),
  )
  serve(app, endpoints.payInvoice, async (request) =>
    checkoutInvoice(ctx.db, requireStripe(), {
      caller: callerOf(request),
      invoiceId: request.params.id,
      appUrl: ctx.config.appUrl,
    }),
  )
  serve(app, endpoints.addPaymentMethod, async (request) =>
    checkoutSetup(ctx.db, requireStripe(), { caller: callerOf(request), appUrl: ctx.config.appUrl }),
  )
  serve(app, endpoints.setDefaultPaymentMethod, async (request, reply) => {
    await makeDefaultPaymentMethod(ctx.db, requireStripe(), {
      organizationId: callerOf(request).organizationId,
      methodId: request.params.id,
    })
    return reply.status(204).send(null)
  })
  serve(app, endpoints.removePaymentMethod, async (request, reply) => {
    await removePaymentMethod(ctx.db, requireStripe(), {
      organizationId: callerOf(request).organizationId,
      methodId: request.params.id,
    })
    return reply.status(204).send(null)
  })

  // Stripe's webhook: signed, not signed in; the signature covers the body exactly as sent, so in
  // its own scope the JSON body is kept as the text that came.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json')
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    )
    serve(webhook, endpoints.stripeWebhook, async (request) => {
      const settings = ctx.config.stripe
      // Without keys there is no webhook to receive: the address does not exist here.
      if (!stripe || !settings)
        throw notFound('Card payments are not configured on this server', 'PAYMENTS_NOT_CONFIGURED')
      const body: unknown = request.body
      const signature = request.headers['stripe-signature']
      const event = verifyWebhook(
        stripe,
        settings,
        typeof body === 'string' ? body : '',
        typeof signature === 'string' ? signature : undefined,
      )
      await handleStripeEvent(ctx.db, event)
      return { received: true }
    })
  })
}
