import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  billingDetailsResponseSchema,
  billingDetailsSchema,
  billingSummarySchema,
  budgetAlertRequestSchema,
  budgetAlertSchema,
  checkoutSchema,
  createdBudgetAlertSchema,
  creditPurchaseSchema,
  creditsSchema,
  invoiceListQuerySchema,
  invoiceSchema,
  invoiceSummarySchema,
  paymentMethodsSchema,
  paymentStatusSchema,
  planSchema,
} from '#common/schemas/billing.ts'
import { pageSchema } from '#common/schemas/pagination.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { forbidden, notFound } from '#server/lib/errors.ts'
import { errorResponses } from '#server/lib/http.ts'
import { createRatesService } from '#server/modules/rates/service.ts'
import { requireMember } from '#server/plugins/auth.ts'
import { createBudgetAlert, deleteBudgetAlert, listBudgetAlerts } from './budget-alerts.ts'
import { renderFacturX } from './facturx.ts'
import { renderInvoicePdf } from './invoice-pdf.ts'
import { findInvoice, invoiceCsv, listInvoices } from './invoices.ts'
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
import {
  billingDetailsOf,
  creditsOf,
  documentLanguageOf,
  organizationOf,
  plansOf,
  updateBillingDetails,
} from './service.ts'
import { billingSummary } from './summary.ts'

const idParams = z.object({ id: z.uuid() })
const methodParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_]{1,100}$/) })

/** Paying, buying credits and managing payment methods are for the organization's admins. */
async function requireBillingAdmin(request: FastifyRequest): Promise<void> {
  await requireMember(request)
  if (request.user.role !== 'admin' && request.user.role !== 'super_admin')
    throw forbidden("Only your organization's administrators can manage billing")
}

/** The organization's billing: every member reads it, its admins pay and change it. */
export default async function billingRoutes(app: FastifyInstance, ctx: ServerContext) {
  const rates = createRatesService({
    primaryUrl: ctx.config.ratesPrimaryUrl,
    backupUrl: ctx.config.ratesBackupUrl,
    log: app.log,
  })
  const stripe = ctx.config.stripe ? createStripe(ctx.config.stripe) : undefined
  const issuer = invoiceIssuerOf(ctx.config)
  const requireStripe = () => {
    if (!stripe) throw cardPaymentsUnavailable()
    return stripe
  }

  await app.register(async (members) => {
    const api = members.withTypeProvider<ZodTypeProvider>()
    api.addHook('preValidation', requireMember)
    const tags = ['billing']

    api.get('/api/billing/credits', {
      schema: {
        tags,
        summary: 'The credits balance and its history',
        response: { 200: creditsSchema, ...errorResponses(401, 403) },
      },
      handler: async (request) => creditsOf(ctx.db, callerOf(request).organizationId, new Date()),
    })
    api.get('/api/billing/summary', {
      schema: {
        tags,
        summary: "This month's spend so far, the month-end forecast, credits and what is owed",
        response: { 200: billingSummarySchema, ...errorResponses(401, 403) },
      },
      handler: async (request) => {
        const { organizationId } = callerOf(request)
        const now = new Date()
        const organization = await organizationOf(ctx.db, organizationId)
        const credits = await creditsOf(ctx.db, organizationId, now)
        return billingSummary(ctx.db, organization, credits.balanceCents, now, (await rates.current()).rates)
      },
    })
    api.get('/api/billing/plans', {
      schema: {
        tags,
        summary: "Each cluster's billing cycle and the support plan",
        response: { 200: planSchema, ...errorResponses(401, 403) },
      },
      handler: async (request) => plansOf(ctx.db, callerOf(request).organizationId),
    })
    api.get('/api/billing/payment-methods', {
      schema: {
        tags,
        summary: 'Saved cards and SEPA mandates, and the bank transfer details',
        response: { 200: paymentMethodsSchema, ...errorResponses(401, 403) },
      },
      handler: async (request) => ({
        cardPaymentsConfigured: stripe !== undefined,
        bankTransfer: issuer.payment.bankTransfer ?? null,
        billingEmail: issuer.payment.billingEmail,
        items: stripe ? await listPaymentMethods(ctx.db, stripe, callerOf(request).organizationId) : [],
      }),
    })
    api.get('/api/billing/invoices', {
      schema: {
        tags,
        summary: 'Invoices and credit notes, newest first',
        querystring: invoiceListQuerySchema,
        response: { 200: pageSchema(invoiceSummarySchema), ...errorResponses(400, 401, 403) },
      },
      handler: async (request) => listInvoices(ctx.db, callerOf(request).organizationId, request.query),
    })
    api.get('/api/billing/invoices/:id', {
      schema: {
        tags,
        summary: 'One invoice with its lines',
        params: idParams,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request) => findInvoice(ctx.db, request.params.id, callerOf(request).organizationId),
    })
    api.get('/api/billing/invoices/:id/csv', {
      schema: {
        tags,
        summary: "An invoice's lines as CSV",
        params: idParams,
        response: { 200: z.string().describe('CSV'), ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        const invoice = await findInvoice(ctx.db, request.params.id, callerOf(request).organizationId)
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${invoice.number}.csv"`)
          .send(invoiceCsv(invoice))
      },
    })
    api.get('/api/billing/invoices/:id/pdf', {
      schema: {
        tags,
        summary: 'An invoice as a PDF',
        params: idParams,
        response: { 200: z.string().describe('PDF'), ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        const { organizationId } = callerOf(request)
        const invoice = await findInvoice(ctx.db, request.params.id, organizationId)
        const pdf = await renderInvoicePdf(invoice, await documentLanguageOf(ctx.db, organizationId), issuer)
        return (
          reply
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
            // A Buffer goes out as it is, past the response serializer the schema's type is for.
            .send(pdf as unknown as string)
        )
      },
    })
    api.get('/api/billing/invoices/:id/facturx', {
      schema: {
        tags,
        summary: 'An invoice as Factur-X (EN 16931): a PDF/A-3 carrying its CII XML',
        params: idParams,
        response: { 200: z.string().describe('PDF'), ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        const { organizationId } = callerOf(request)
        const invoice = await findInvoice(ctx.db, request.params.id, organizationId)
        const language = await documentLanguageOf(ctx.db, organizationId)
        const pdf = await renderFacturX(invoice, issuer, request.log, language)
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${invoice.number}-facturx.pdf"`)
          .send(pdf as unknown as string)
      },
    })
    api.get('/api/billing/details', {
      schema: {
        tags,
        summary: 'The billing details printed on invoices',
        response: { 200: billingDetailsResponseSchema, ...errorResponses(401, 403) },
      },
      handler: async (request) => billingDetailsOf(ctx.db, callerOf(request).organizationId),
    })
    api.get('/api/billing/budget-alerts', {
      schema: {
        tags,
        summary: 'The budget alerts',
        response: { 200: z.array(budgetAlertSchema), ...errorResponses(401, 403) },
      },
      handler: async (request) => listBudgetAlerts(ctx.db, callerOf(request).organizationId),
    })
    api.get('/api/billing/payments/:id', {
      schema: {
        tags,
        summary: 'A payment as the server knows it from Stripe’s webhook (the payment-success page asks)',
        params: idParams,
        response: { 200: paymentStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request) => paymentStatus(ctx.db, callerOf(request).organizationId, request.params.id),
    })
  })

  await app.register(async (admins) => {
    const api = admins.withTypeProvider<ZodTypeProvider>()
    api.addHook('preValidation', requireBillingAdmin)
    const tags = ['billing']

    api.put('/api/billing/details', {
      schema: {
        tags,
        summary: 'Change the billing details (the next invoices carry them)',
        body: billingDetailsSchema,
        response: { 200: billingDetailsResponseSchema, ...errorResponses(400, 401, 403) },
      },
      handler: async (request) => updateBillingDetails(ctx.db, callerOf(request), request.body),
    })
    api.post('/api/billing/budget-alerts', {
      schema: {
        tags,
        summary: 'Add a budget alert; a webhook’s signing secret is in this answer only',
        body: budgetAlertRequestSchema,
        description:
          'The webhook URL must lead to a public internet address (https:// in production); 422 (`WEBHOOK_URL_REFUSED`) says why not.',
        response: { 201: createdBudgetAlertSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
      handler: async (request, reply) => {
        const caller = callerOf(request)
        const alert = await createBudgetAlert(ctx, { ...caller, ...request.body })
        return reply.status(201).send(alert)
      },
    })
    api.delete('/api/billing/budget-alerts/:id', {
      schema: {
        tags,
        summary: 'Remove a budget alert',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        await deleteBudgetAlert(ctx.db, callerOf(request).organizationId, request.params.id)
        return reply.status(204).send(null)
      },
    })
    api.post('/api/billing/credits/checkout', {
      schema: {
        tags,
        summary: 'Buy credits: answers the Stripe Checkout page to send the browser to',
        body: creditPurchaseSchema,
        response: { 200: checkoutSchema, ...errorResponses(400, 401, 403, 503) },
      },
      handler: async (request) =>
        checkoutCredits(ctx.db, requireStripe(), {
          caller: callerOf(request),
          amount: request.body.amount,
          rates: (await rates.current()).rates,
          appUrl: ctx.config.appUrl,
        }),
    })
    api.post('/api/billing/invoices/:id/checkout', {
      schema: {
        tags,
        summary: 'Pay an invoice by card or SEPA Direct Debit through Stripe Checkout',
        params: idParams,
        response: { 200: checkoutSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
      handler: async (request) =>
        checkoutInvoice(ctx.db, requireStripe(), {
          caller: callerOf(request),
          invoiceId: request.params.id,
          appUrl: ctx.config.appUrl,
        }),
    })
    api.post('/api/billing/payment-methods/checkout', {
      schema: {
        tags,
        summary: 'Add a card or SEPA mandate through Stripe Checkout (setup mode)',
        response: { 200: checkoutSchema, ...errorResponses(401, 403, 503) },
      },
      handler: async (request) =>
        checkoutSetup(ctx.db, requireStripe(), { caller: callerOf(request), appUrl: ctx.config.appUrl }),
    })
    api.post('/api/billing/payment-methods/:id/default', {
      schema: {
        tags,
        summary: 'Make a saved method the default',
        params: methodParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 503) },
      },
      handler: async (request, reply) => {
        await makeDefaultPaymentMethod(
          ctx.db,
          requireStripe(),
          callerOf(request).organizationId,
          request.params.id,
        )
        return reply.status(204).send(null)
      },
    })
    api.delete('/api/billing/payment-methods/:id', {
      schema: {
        tags,
        summary: 'Remove a saved method',
        params: methodParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 503) },
      },
      handler: async (request, reply) => {
        await removePaymentMethod(
          ctx.db,
          requireStripe(),
          callerOf(request).organizationId,
          request.params.id,
        )
        return reply.status(204).send(null)
      },
    })
  })

  // Stripe's webhook: signed, not signed in; the signature covers the body exactly as sent.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json')
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    )
    webhook.withTypeProvider<ZodTypeProvider>().post('/api/billing/stripe-webhook', {
      schema: {
        tags: ['billing'],
        summary: "Stripe's events (signature checked; each event is recorded once)",
        response: { 200: z.object({ received: z.boolean() }), ...errorResponses(400, 404) },
      },
      handler: async (request) => {
        const settings = ctx.config.stripe
        // Without keys there is no webhook to receive: the address does not exist here.
        if (!stripe || !settings)
          throw notFound('Card payments are not configured on this server', 'PAYMENTS_NOT_CONFIGURED')
        const signature = request.headers['stripe-signature']
        const event = verifyWebhook(
          stripe,
          settings,
          typeof request.body === 'string' ? request.body : '',
          typeof signature === 'string' ? signature : undefined,
        )
        await handleStripeEvent(ctx.db, event)
        return { received: true }
      },
    })
  })
}
