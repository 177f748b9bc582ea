import { z } from 'zod'
import { CURRENCIES } from '../money.ts'
import { check } from '../validation-messages.ts'

/**
 * Custom solutions: a customer describes what the catalog lacks, officers answer with a priced
 * quote, the customer accepts (an order) or declines it (docs/decisions/017-marketplace.md).
 */

export const CUSTOM_SOLUTION_STATUSES = ['submitted', 'quoted', 'accepted', 'declined'] as const
export type CustomSolutionStatus = (typeof CUSTOM_SOLUTION_STATUSES)[number]
export const QUOTE_STATUSES = ['open', 'accepted', 'declined', 'superseded'] as const
export const COMPLIANCE_NEEDS = ['gdpr', 'hds', 'secnumcloud', 'iso27001', 'pci_dss'] as const
export const SLA_LEVELS = ['standard', 'business', 'critical'] as const

const text = (maximum: number) =>
  z.string().trim().min(1, check('required')).max(maximum, check('tooLong', { maximum }))

export const customSolutionRequestSchema = z.object({
  title: text(120),
  workload: text(4_000),
  components: text(2_000),
  compliance: z.array(z.enum(COMPLIANCE_NEEDS)).max(COMPLIANCE_NEEDS.length).default([]),
  sla: z.enum(SLA_LEVELS),
  /** A monthly budget in whole units of `currency`, if the customer has one. */
  budget: z.number().int().positive().max(100_000_000).nullable().default(null),
  currency: z.enum(CURRENCIES),
  deadline: z.iso.date().nullable().default(null),
})
export type CustomSolutionRequest = z.infer<typeof customSolutionRequestSchema>
export type CustomSolutionRequestInput = z.input<typeof customSolutionRequestSchema>

export const quoteLineSchema = z.object({
  description: text(200),
  quantity: z.number().int().positive().max(10_000),
  /** Cents of the quote's currency a month, per unit. */
  unitMonthlyCents: z.number().int().nonnegative().max(100_000_000),
})
/**
 * An officer's quote: its prices in cents of the organization's billing currency, named in
 * `currency` so that prices meant in another one are refused.
 */
export const quoteRequestSchema = z.object({
  lines: z.array(quoteLineSchema).min(1, check('required')).max(50),
  currency: z.enum(CURRENCIES),
  validUntil: z.iso.date(),
  note: z.string().trim().max(2_000).nullable().default(null),
})
export type QuoteRequest = z.infer<typeof quoteRequestSchema>
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>

export const declineQuoteSchema = z.object({ reason: z.string().trim().max(1_000).nullable().default(null) })

const timestamp = z.iso.datetime({ offset: true })

export const quoteSchema = z.object({
  id: z.uuid(),
  status: z.enum(QUOTE_STATUSES),
  lines: z.array(quoteLineSchema),
  /** Cents of `currency`, as the officer typed them: shown as they are. */
  monthlyTotalCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  validUntil: z.iso.date(),
  note: z.string().nullable(),
  declineReason: z.string().nullable(),
  orderId: z.uuid().nullable(),
  createdAt: timestamp,
})
export type Quote = z.infer<typeof quoteSchema>

export const customSolutionSchema = customSolutionRequestSchema.extend({
  id: z.uuid(),
  reference: z.string(),
  status: z.enum(CUSTOM_SOLUTION_STATUSES),
  organizationName: z.string(),
  /** The organization's billing currency: the one its quotes are priced in. */
  billingCurrency: z.enum(CURRENCIES),
  requestedByName: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** Newest first; at most one is open. */
  quotes: z.array(quoteSchema),
})
export type CustomSolution = z.infer<typeof customSolutionSchema>

export const officerCustomSolutionQuerySchema = z.object({
  status: z.enum(CUSTOM_SOLUTION_STATUSES).optional(),
})

/** A quote's monthly total: each line's unit price times its quantity. */
export function quoteMonthlyTotalCents(lines: { quantity: number; unitMonthlyCents: number }[]): number {
  return lines.reduce((total, line) => total + line.quantity * line.unitMonthlyCents, 0)
}
