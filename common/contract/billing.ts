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
} from '../schemas/billing.ts'
import { pageSchema } from '../schemas/pagination.ts'
import { defineEndpoints, empty, file } from './endpoint.ts'
import { idParams } from './parameters.ts'

/** Paths served by more than one method: each written once. */
const billingBudgetAlertsPath = '/api/billing/budget-alerts'
const billingDetailsPath = '/api/billing/details'

/** `:id` of a saved card or SEPA mandate: Stripe's id (`pm_…`). */
const paymentMethodParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_]{1,100}$/) })

/** Every member reads the organization's billing; a token reads it with `billing:read`. */
const member = { audience: 'member', token: 'billing' } as const
/** Paying, buying credits, the billing details and the budget alerts are for the organization's admins. */
const admin = { audience: 'admin', token: 'billing' } as const
/** One invoice or credit note of the organization, in one form or another. */
const oneInvoice = {
  ...member,
  method: 'GET',
  params: idParams,
  errors: [404],
  reads: ['invoices'],
} as const

/** The organization's billing: every member reads it, its admins pay and change it. */
export const billing = defineEndpoints('billing', {
  credits: {
    ...member,
    method: 'GET',
    path: '/api/billing/credits',
    summary: 'The credits balance and its history',
    responses: { 200: creditsSchema },
    reads: ['billing'],
  },
  summary: {
    ...member,
    method: 'GET',
    path: '/api/billing/summary',
    summary: "This month's spend so far, the month-end forecast, credits and what is owed",
    responses: { 200: billingSummarySchema },
    reads: ['billing', 'usage', 'invoices'],
  },
  plans: {
    ...member,
    method: 'GET',
    path: '/api/billing/plans',
    summary: "Each cluster's billing cycle and the support plan",
    responses: { 200: planSchema },
    reads: ['billing', 'clusters'],
  },
  paymentMethods: {
    ...member,
    method: 'GET',
    path: '/api/billing/payment-methods',
    summary: 'Saved cards and SEPA mandates, and the bank transfer details',
    responses: { 200: paymentMethodsSchema },
    reads: ['paymentMethods'],
  },
  invoices: {
    ...member,
    method: 'GET',
    path: '/api/billing/invoices',
    summary: 'Invoices and credit notes, newest first',
    query: invoiceListQuerySchema,
    responses: { 200: pageSchema(invoiceSummarySchema) },
    reads: ['invoices'],
  },
  invoice: {
    ...oneInvoice,
    path: '/api/billing/invoices/:id',
    summary: 'One invoice with its lines',
    responses: { 200: invoiceSchema },
  },
  invoiceCsv: {
    ...oneInvoice,
    path: '/api/billing/invoices/:id/csv',
    summary: "An invoice's lines as CSV",
    responses: { 200: file('text/csv', "The invoice's lines (CSV, UTF-8)") },
  },
  invoicePdf: {
    ...oneInvoice,
    path: '/api/billing/invoices/:id/pdf',
    summary: 'An invoice as a PDF',
    responses: { 200: file('application/pdf', 'The invoice (PDF/A)') },
  },
  invoiceFacturx: {
    ...oneInvoice,
    path: '/api/billing/invoices/:id/facturx',
    summary: 'An invoice as Factur-X (EN 16931): a PDF/A-3 carrying its CII XML',
    responses: {
      200: file('application/pdf', 'The invoice as Factur-X: a PDF/A-3 with its CII XML attached'),
    },
  },
  details: {
    ...member,
    method: 'GET',
    path: billingDetailsPath,
    summary: 'The billing details printed on invoices',
    responses: { 200: billingDetailsResponseSchema },
    reads: ['billing', 'organization'],
  },
  budgetAlerts: {
    ...member,
    method: 'GET',
    path: billingBudgetAlertsPath,
    summary: 'The budget alerts',
    responses: { 200: z.array(budgetAlertSchema) },
    reads: ['budgetAlerts'],
  },
  payment: {
    ...member,
    method: 'GET',
    path: '/api/billing/payments/:id',
    summary: 'A payment as the server knows it from Stripe’s webhook (the payment-success page asks)',
    params: idParams,
    responses: { 200: paymentStatusSchema },
    errors: [404],
    reads: ['billing'],
  },
  updateDetails: {
    ...admin,
    method: 'PUT',
    path: billingDetailsPath,
    summary: 'Change the billing details (the next invoices carry them)',
    body: billingDetailsSchema,
    responses: { 200: billingDetailsResponseSchema },
    changes: ['billing', 'organization', 'audit'],
  },
  createBudgetAlert: {
    ...admin,
    method: 'POST',
    path: billingBudgetAlertsPath,
    summary: 'Add a budget alert; a webhook’s signing secret is in this answer only',
    description:
      'The webhook URL must lead to a public internet address (https:// in production); 422 (`WEBHOOK_URL_REFUSED`) says why not.',
    body: budgetAlertRequestSchema,
    responses: { 201: createdBudgetAlertSchema },
    errors: [409, 422],
    changes: ['budgetAlerts'],
  },
  deleteBudgetAlert: {
    ...admin,
    method: 'DELETE',
    path: '/api/billing/budget-alerts/:id',
    summary: 'Remove a budget alert',
    params: idParams,
    responses: { 204: empty('Removed') },
    errors: [404],
    changes: ['budgetAlerts'],
  },
  buyCredits: {
    ...admin,
    method: 'POST',
    path: '/api/billing/credits/checkout',
    summary: 'Buy credits: answers the Stripe Checkout page to send the browser to',
    description: 'Answers 503 (`PAYMENTS_NOT_CONFIGURED`) where card payments are not configured.',
    body: creditPurchaseSchema,
    responses: { 200: checkoutSchema },
    errors: [503],
    changes: ['billing'],
  },
  payInvoice: {
    ...admin,
    method: 'POST',
    path: '/api/billing/invoices/:id/checkout',
    summary: 'Pay an invoice by card or SEPA Direct Debit through Stripe Checkout',
    description:
      'Answers 409 (`INVOICE_PAID`) for an invoice already paid, 503 (`PAYMENTS_NOT_CONFIGURED`) where card payments are not configured.',
    params: idParams,
    responses: { 200: checkoutSchema },
    errors: [404, 409, 503],
    changes: ['billing'],
  },
  addPaymentMethod: {
    ...admin,
    method: 'POST',
    path: '/api/billing/payment-methods/checkout',
    summary: 'Add a card or SEPA mandate through Stripe Checkout (setup mode)',
    responses: { 200: checkoutSchema },
    errors: [503],
  },
  setDefaultPaymentMethod: {
    ...admin,
    method: 'POST',
    path: '/api/billing/payment-methods/:id/default',
    summary: 'Make a saved method the default',
    params: paymentMethodParams,
    responses: { 204: empty('Made the default') },
    errors: [404, 503],
    changes: ['paymentMethods'],
  },
  removePaymentMethod: {
    ...admin,
    method: 'DELETE',
    path: '/api/billing/payment-methods/:id',
    summary: 'Remove a saved method',
    params: paymentMethodParams,
    responses: { 204: empty('Removed') },
    errors: [404, 503],
    changes: ['paymentMethods'],
  },
  stripeWebhook: {
    audience: 'anyone',
    method: 'POST',
    path: '/api/billing/stripe-webhook',
    summary: "Stripe's events (signature checked; each event is recorded once)",
    description:
      'Called by Stripe, signed in the `Stripe-Signature` header over the body exactly as sent: 400 (`BAD_SIGNATURE`) when it does not match, 404 (`PAYMENTS_NOT_CONFIGURED`) on a server without Stripe keys.',
    responses: { 200: z.object({ received: z.boolean() }) },
    errors: [400, 404],
    changes: ['billing', 'invoices', 'audit'],
  },
})
