import { z } from 'zod'
import { CURRENCIES } from '../money.ts'
import { BILLING_CYCLES } from '../pricing.ts'
import { check } from '../validation-messages.ts'
import { invoicePreviewSchema } from './billing.ts'
import { clusterConfigurationSchema, priceBreakdownSchema } from './clusters.ts'
import { ORDER_STATUSES } from './statuses.ts'

/**
 * Orders of every kind (a cluster, a product onto a cluster, a support plan, a custom solution):
 * what a quote answers, what a cluster order sends, and the order as the API shows it.
 */

/** The server's quote of an order: its price, and what its invoice will charge and how it is paid. */
export const orderQuoteSchema = priceBreakdownSchema.extend({ invoice: invoicePreviewSchema })
export type OrderQuote = z.infer<typeof orderQuoteSchema>

/** An officer's approval, with an optional note to the customer. */
export const orderApprovalSchema = z.object({ note: z.string().trim().max(1000).nullable().default(null) })
/** An officer's refusal: the customer reads why. */
export const orderRejectionSchema = z.object({
  note: z
    .string()
    .trim()
    .min(1, check('declineReasonRequired'))
    .max(1000, check('tooLong', { maximum: 1000 })),
})

export const orderRequestSchema = z.object({
  configuration: clusterConfigurationSchema,
  billingCycle: z.enum(BILLING_CYCLES),
  /** The currency the person was shown; amounts stay USD cents. */
  currency: z.enum(CURRENCIES),
  promoCode: z.string().trim().max(40).nullable().default(null),
  /** The total the browser showed. Never trusted: the server recomputes and keeps its own. */
  clientTotalCents: z.number().int().optional(),
})
export type OrderRequest = z.infer<typeof orderRequestSchema>
export type OrderRequestInput = z.input<typeof orderRequestSchema>

export { ORDER_STATUSES, type OrderStatus } from './statuses.ts'

export const ORDER_KINDS = ['cluster', 'product', 'custom', 'support_plan'] as const
export type OrderKind = (typeof ORDER_KINDS)[number]

/** What a product order puts onto which cluster (the install request, settings with defaults). */
export const orderedProductSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  productKind: z.enum(['add_on', 'middleware']),
  clusterId: z.uuid(),
  clusterName: z.string(),
  namespace: z.string(),
  planId: z.string().nullable(),
  version: z.string(),
  settings: z.record(z.string(), z.unknown()),
})
export type OrderedProduct = z.infer<typeof orderedProductSchema>

export const orderSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  kind: z.enum(ORDER_KINDS),
  /** Why it waits for an officer: HDS data center, over the credit limit; null otherwise. */
  approvalReason: z.string().nullable(),
  decisionNote: z.string().nullable(),
  clusterId: z.uuid().nullable(),
  /** The cluster ordered, or the cluster a product goes onto. */
  clusterName: z.string(),
  /** A cluster order's configuration (null for a product order). */
  configuration: clusterConfigurationSchema.nullable(),
  /** A product order's product (null for a cluster order) and the installation it became. */
  product: orderedProductSchema.nullable(),
  installationId: z.uuid().nullable(),
  /** A custom solution's order: the request it answers (null otherwise). */
  customSolution: z.object({ id: z.uuid(), reference: z.string(), title: z.string() }).nullable(),
  /** A support plan's order: the plan the organization moves to (null otherwise). */
  supportPlan: z.object({ id: z.string(), name: z.string() }).nullable(),
  currency: z.enum(CURRENCIES),
  price: priceBreakdownSchema,
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  organizationName: z.string(),
})
export type Order = z.infer<typeof orderSchema>
