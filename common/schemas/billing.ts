import { z } from 'zod'
import { LANGUAGES } from '../language.ts'
import { CURRENCIES } from '../money.ts'
import { BILLING_CYCLES } from '../pricing.ts'
import { check, validationMessage } from '../validation-messages.ts'
import { isEuCountry, isValidVatNumber, normalizeVatNumber, VAT_TREATMENTS } from '../vat.ts'
import { emailSchema } from './auth.ts'
import { USAGE_KINDS } from './kinds.ts'
import { INVOICE_STATUSES } from './statuses.ts'

/*
 * Billing and usage (docs/decisions/016-billing.md). Stored money is USD integer cents, metered
 * usage USD milli-cents; an invoice is in the organization's billing currency at the rate of its
 * date, so its amounts are cents of `currency`.
 */

export { USAGE_KINDS, type UsageKind } from './kinds.ts'
export { INVOICE_STATUSES, type InvoiceStatus } from './statuses.ts'
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const
export const INVOICE_LINE_KINDS = [...USAGE_KINDS, 'yearly_commitment', 'discount', 'correction'] as const
export const CREDIT_ENTRY_KINDS = ['purchase', 'grant', 'applied', 'expired'] as const
export const PAYMENT_METHOD_TYPES = ['card', 'sepa_debit'] as const
export const BUDGET_BASES = ['month_to_date', 'forecast'] as const
export const MAX_BUDGET_ALERTS = 10
/** An invoice is due 30 days after it is issued; reminders go 7 and 14 days after that. */
export const INVOICE_PAYMENT_DAYS = 30
export const OVERDUE_REMINDER_DAYS = [7, 14] as const
/** What one purchase of credits may be, in the billing currency's whole units. */
export const CREDIT_PURCHASE_MIN = 10
export const CREDIT_PURCHASE_MAX = 50_000

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const timestamp = z.string()

export const creditEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(CREDIT_ENTRY_KINDS),
  /** USD cents: positive when credits come in, negative when they are used or expire. */
  amountCents: z.number().int(),
  /** A grant as the officer typed it, in the organization's billing currency; null otherwise. */
  entered: z.object({ amountCents: z.number().int(), currency: z.enum(CURRENCIES) }).nullable(),
  expiresAt: timestamp.nullable(),
  invoiceNumber: z.string().nullable(),
  note: z.string().nullable(),
  /** The note in French when the product wrote it ("Crédit de bienvenue"); null for an officer's. */
  noteFrench: z.string().nullable(),
  createdAt: timestamp,
})
export const creditsSchema = z.object({
  balanceCents: z.number().int(),
  /** The part of the balance that expires within 30 days. */
  expiringSoonCents: z.number().int(),
  entries: z.array(creditEntrySchema),
})
export type Credits = z.infer<typeof creditsSchema>

export const billingSummarySchema = z.object({
  /** The first hour of the month (UTC) and the last hour metered. */
  periodStart: timestamp,
  meteredUntil: timestamp.nullable(),
  /**
   * Cents of the billing currency charged so far this month, the month-end forecast at the current
   * pace, and last month (at its invoice's rate once invoiced): sums of the invoice lines' amounts.
   */
  monthToDateCents: z.number().int(),
  forecastCents: z.number().int(),
  lastMonthCents: z.number().int(),
  creditsBalanceCents: z.number().int(),
  /** What the organization's open and overdue invoices still ask, per invoice currency. */
  outstanding: z.array(z.object({ currency: z.enum(CURRENCIES), amountCents: z.number().int() })),
  billingCurrency: z.enum(CURRENCIES),
})
export type BillingSummary = z.infer<typeof billingSummarySchema>

export const planSchema = z.object({
  supportPlan: z.object({ id: z.string(), name: z.string(), monthlyPriceCents: z.number().int() }),
  clusters: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.string(),
      billingCycle: z.enum(BILLING_CYCLES),
      monthlyPriceCents: z.number().int(),
      /** For a yearly cluster: the end of the year paid for. */
      commitmentEndsAt: timestamp.nullable(),
    }),
  ),
})
export type Plans = z.infer<typeof planSchema>

export const bankTransferSchema = z.object({
  beneficiary: z.string(),
  iban: z.string(),
  bic: z.string(),
})
export const paymentMethodSchema = z.object({
  id: z.string(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  /** "visa", "mastercard", … for a card; the bank's code for a SEPA mandate. */
  brand: z.string().nullable(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  isDefault: z.boolean(),
})
export const paymentMethodsSchema = z.object({
  /** False when no Stripe keys are configured. */
  cardPaymentsConfigured: z.boolean(),
  /** Null when the operator gave no bank account: bank transfer is not offered. */
  bankTransfer: bankTransferSchema.nullable(),
  /** Where to write about paying, for when no way is configured. */
  billingEmail: z.string(),
  items: z.array(paymentMethodSchema),
})
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>

/**
 * What the invoice of an order will say, before the order is placed: the order's amount in the
 * organization's billing currency at today's rate, its credits used first, VAT by its country and
 * VAT number, and the ways to pay what is left. The invoice's own code computes it.
 */
export const invoicePreviewSchema = z.object({
  currency: z.enum(CURRENCIES),
  exchangeRate: z.number(),
  /** The order's amount after the promotion, in cents of `currency`: what the invoice charges. */
  amountCents: z.number().int(),
  /** The organization's usable credits, and the part of them this invoice would use. */
  creditsBalanceCents: z.number().int(),
  creditsAppliedCents: z.number().int(),
  taxableCents: z.number().int(),
  vatTreatment: z.enum(VAT_TREATMENTS),
  vatRatePercent: z.number(),
  vatCents: z.number().int(),
  /** What is left to pay once the credits are used: the taxable amount and its VAT. */
  totalCents: z.number().int(),
  /** The ways to pay what the credits leave, only those the operator configured. */
  payment: z.object({
    /** Card and SEPA Direct Debit from the billing page. */
    card: z.boolean(),
    bankTransfer: bankTransferSchema.nullable(),
    /** Where to write when neither is offered. */
    billingEmail: z.string(),
  }),
})
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>
export type PaymentMethod = z.infer<typeof paymentMethodSchema>

export const invoiceLineSchema = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  clusterName: z.string().nullable(),
  /** Hours (or node-hours) for metered lines, 1 for the others. */
  quantity: z.number().int(),
  /** Per hour, in milli-cents of the invoice's currency (four decimals); null for lines without one. */
  unitPriceMillicents: z.number().int().nullable(),
  /** Quantity × unit price when the monthly price capped the line (its amount is then less); else null. */
  listAmountCents: z.number().int().nullable(),
  amountCents: z.number().int(),
})
export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  periodStart: isoDate,
  periodEnd: isoDate,
  issuedAt: timestamp,
  dueAt: timestamp,
  paidAt: timestamp.nullable(),
  currency: z.enum(CURRENCIES),
  totalCents: z.number().int(),
  /** What is still to pay: the total less payments (0 once paid). */
  amountDueCents: z.number().int(),
})
export const invoiceSchema = invoiceSummarySchema.extend({
  exchangeRate: z.number(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  creditsAppliedCents: z.number().int(),
  taxableCents: z.number().int(),
  vatTreatment: z.enum(VAT_TREATMENTS),
  vatRatePercent: z.number(),
  vatCents: z.number().int(),
  vatMention: z.string().nullable(),
  customer: z.object({
    name: z.string(),
    address: z.string(),
    countryCode: z.string(),
    vatNumber: z.string().nullable(),
    purchaseOrderNumber: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** What to quote on a bank transfer. */
  paymentReference: z.string(),
  correctsInvoiceNumber: z.string().nullable(),
  reason: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
})
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>
export type Invoice = z.infer<typeof invoiceSchema>
export type InvoiceLine = z.infer<typeof invoiceLineSchema>

export const invoiceListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
})

/** The organization's billing details, printed on its invoices. */
export const billingDetailsSchema = z
  .object({
    companyName: z
      .string()
      .trim()
      .min(1, check('companyNameRequired'))
      .max(200, check('tooLong', { maximum: 200 })),
    address: z
      .string()
      .trim()
      .max(500, check('tooLong', { maximum: 500 })),
    countryCode: z.string().regex(/^[A-Z]{2}$/, check('chooseCountry')),
    vatNumber: z
      .string()
      .trim()
      .max(20, check('tooLong', { maximum: 20 }))
      .transform((value) => (value === '' ? null : normalizeVatNumber(value)))
      .nullable(),
    purchaseOrderNumber: z
      .string()
      .trim()
      .max(60, check('tooLong', { maximum: 60 }))
      .transform((value) => (value === '' ? null : value))
      .nullable(),
    billingEmail: z.union([emailSchema, z.literal('').transform(() => null)]).nullable(),
    billingCurrency: z.enum(CURRENCIES),
    /** The language of its invoices, credit notes and billing mails; left out, it stays as it is. */
    language: z.enum(LANGUAGES).optional(),
  })
  .superRefine((details, context) => {
    if (details.vatNumber && !isEuCountry(details.countryCode))
      context.addIssue({
        code: 'custom',
        path: ['vatNumber'],
        message: validationMessage('vatNumberOutsideEu'),
      })
    else if (details.vatNumber && !isValidVatNumber(details.countryCode, details.vatNumber))
      context.addIssue({ code: 'custom', path: ['vatNumber'], message: validationMessage('vatNumberFormat') })
  })
/** The same details as the API answers them (already normalised). */
export const billingDetailsResponseSchema = z.object({
  companyName: z.string(),
  address: z.string(),
  countryCode: z.string(),
  vatNumber: z.string().nullable(),
  purchaseOrderNumber: z.string().nullable(),
  billingEmail: z.string().nullable(),
  billingCurrency: z.enum(CURRENCIES),
  language: z.enum(LANGUAGES),
})
export type BillingDetails = z.output<typeof billingDetailsSchema>
export type BillingDetailsResponse = z.infer<typeof billingDetailsResponseSchema>
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>

export const creditPurchaseSchema = z.object({
  /** Whole units of the billing currency. */
  amount: z
    .number()
    .int(check('wholeNumber'))
    .min(CREDIT_PURCHASE_MIN, check('atLeast', { minimum: CREDIT_PURCHASE_MIN }))
    .max(CREDIT_PURCHASE_MAX, check('atMost', { maximum: CREDIT_PURCHASE_MAX })),
})
/** Where to send the browser: Stripe's hosted checkout. */
export const checkoutSchema = z.object({ url: z.string() })
export type Checkout = z.infer<typeof checkoutSchema>

export const paymentStatusSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  purpose: z.enum(['credits', 'invoice', 'setup']),
  amountCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  invoiceNumber: z.string().nullable(),
})
export type PaymentStatus = z.infer<typeof paymentStatusSchema>

export const budgetAlertRequestSchema = z.object({
  /** Cents of the billing currency. */
  amountCents: z
    .number()
    .int(check('wholeNumber'))
    .min(100, check('atLeast', { minimum: 1 }))
    .max(100_000_000_00, check('atMost', { maximum: 100_000_000 })),
  basis: z.enum(BUDGET_BASES),
  webhookUrl: z
    .url({ protocol: /^https?$/, error: validationMessage('webhookUrl') })
    .max(500, check('tooLong', { maximum: 500 }))
    .nullable()
    .default(null),
})
export const budgetAlertSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  basis: z.enum(BUDGET_BASES),
  webhookUrl: z.string().nullable(),
  lastFiredAt: timestamp.nullable(),
  createdAt: timestamp,
})
/** The answer to creating an alert with a webhook: the signing secret, shown this once. */
export const createdBudgetAlertSchema = budgetAlertSchema.extend({ webhookSecret: z.string().nullable() })
export type CreatedBudgetAlert = z.infer<typeof createdBudgetAlertSchema>
export type BudgetAlert = z.infer<typeof budgetAlertSchema>

/** An officer's correction of an invoice: the amount before VAT, in the invoice's currency. */
export const creditNoteRequestSchema = z.object({
  amountCents: z
    .number()
    .int(check('wholeNumber'))
    .min(1, check('atLeast', { minimum: 1 })),
  reason: z
    .string()
    .trim()
    .min(1, check('required'))
    .max(1000, check('tooLong', { maximum: 1000 })),
})

export const usageQuerySchema = z.object({
  /** A month, "2026-11"; the current one when absent. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
})
const usageAmount = z.object({ kind: z.enum(USAGE_KINDS), amountCents: z.number().int() })
export const usageSchema = z.object({
  month: z.string(),
  /** The organization's billing currency: every amount is in its cents, summing as the invoice does. */
  currency: z.enum(CURRENCIES),
  /** Every day of the month, each split by kind and by cluster. */
  days: z.array(
    z.object({
      date: isoDate,
      amountCents: z.number().int(),
      byKind: z.array(usageAmount),
      byCluster: z.array(z.object({ clusterId: z.string().nullable(), amountCents: z.number().int() })),
      /** Days after the last metered hour of the current month carry the forecast instead. */
      forecast: z.boolean(),
    }),
  ),
  clusters: z.array(z.object({ id: z.string().nullable(), name: z.string(), amountCents: z.number().int() })),
  byKind: z.array(usageAmount),
  totalCents: z.number().int(),
  forecastCents: z.number().int(),
  recordCount: z.number().int(),
  /** The months with usage, newest first, for the period picker. */
  months: z.array(z.string()),
})
export type Usage = z.infer<typeof usageSchema>

/** An invoice as the officers list it: with its customer and the reminders sent. */
export const officerInvoiceSchema = invoiceSummarySchema.extend({
  organizationName: z.string(),
  billingId: z.string(),
  remindersSent: z.number().int(),
})
export type OfficerInvoice = z.infer<typeof officerInvoiceSchema>
export const officerInvoiceQuerySchema = invoiceListQuerySchema.extend({
  status: z.enum(INVOICE_STATUSES).default('overdue'),
})

/**
 * Credits an officer grants an organization, until a day to come: cents of the organization's
 * billing currency, named in `currency` so that an amount meant in another one is refused.
 */
export const creditGrantRequestSchema = z.object({
  billingId: z
    .string()
    .trim()
    .min(1, check('required'))
    .max(100, check('tooLong', { maximum: 100 })),
  amountCents: z
    .number()
    .int(check('wholeNumber'))
    .min(100, check('atLeast', { minimum: 1 }))
    .max(10_000_000, check('atMost', { maximum: 100_000 })),
  currency: z.enum(CURRENCIES),
  expiresOn: isoDate,
  note: z
    .string()
    .trim()
    .min(1, check('required'))
    .max(200, check('tooLong', { maximum: 200 })),
})
export type CreditGrantRequest = z.infer<typeof creditGrantRequestSchema>
export const creditGrantResponseSchema = z.object({
  organizationName: z.string(),
  /** What was typed, in `currency`: shown back as it is. */
  amountCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  expiresAt: z.string(),
})
export type CreditGrantResponse = z.infer<typeof creditGrantResponseSchema>
