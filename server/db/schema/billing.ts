import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { BILLING_CYCLES } from '#common/pricing.ts'
import {
  BUDGET_BASES,
  CREDIT_ENTRY_KINDS,
  INVOICE_KINDS,
  INVOICE_LINE_KINDS,
  INVOICE_STATUSES,
  USAGE_KINDS,
} from '#common/schemas/billing.ts'
import { VAT_TREATMENTS } from '#common/vat.ts'
import { organizations } from './organizations.ts'
import { users } from './users.ts'

/*
 * Billing (docs/decisions/016-billing.md). Metered usage is USD milli-cents; credits USD cents;
 * an invoice's amounts are cents of its own currency.
 */

/**
 * What is billable and since when: one row per resource (a cluster's control plane, a node pool,
 * an add-on, the support plan) and stretch of time at one quantity and price. Changes close the
 * open row and start another, so the metering of any past hour reads what ran then.
 */
export const billablePeriods = pgTable(
  'billable_periods',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    /** `control-plane:<cluster>`, `node-pool:<cluster>:<pool>`, `add-on:<cluster>:<id>`, `support-plan:<org>`. */
    resourceKey: text().notNull(),
    kind: text({ enum: USAGE_KINDS }).notNull(),
    clusterId: uuid(),
    description: text().notNull(),
    /** Nodes of a pool; 1 otherwise. */
    quantity: integer().notNull(),
    /** The hour's price of the whole resource (all its nodes), USD milli-cents. */
    hourlyMillicents: bigint({ mode: 'number' }).notNull(),
    /** What a whole month of it may cost at most, USD milli-cents. */
    monthlyCapMillicents: bigint({ mode: 'number' }).notNull(),
    billingCycle: text({ enum: BILLING_CYCLES }).notNull().default('monthly'),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('billable_periods_span_idx').on(table.startedAt, table.endedAt),
    index('billable_periods_resource_idx').on(table.resourceKey, table.startedAt),
    uniqueIndex('billable_periods_open_resource_key').on(table.resourceKey).where(sql`ended_at is null`),
  ],
)

/** One row per billable resource and hour: the metering job's idempotent output. */
export const usageRecords = pgTable(
  'usage_records',
  {
    resourceKey: text().notNull(),
    hour: timestamp({ withTimezone: true }).notNull(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    kind: text({ enum: USAGE_KINDS }).notNull(),
    clusterId: uuid(),
    description: text().notNull(),
    quantity: integer().notNull(),
    /** What the hour costs after the monthly cap, USD milli-cents. */
    amountMillicents: bigint({ mode: 'number' }).notNull(),
    /** The hour's price before the cap (what the unit price on the invoice says). */
    listMillicents: bigint({ mode: 'number' }).notNull(),
    /** False for yearly clusters: paid for when ordered, shown here, never charged again. */
    chargeable: boolean().notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.resourceKey, table.hour] }),
    index('usage_records_organization_hour_idx').on(table.organizationId, table.hour),
  ],
)

/** The hours the metering job has finished: where a restart picks up. */
export const meteredHours = pgTable('metered_hours', {
  hour: timestamp({ withTimezone: true }).primaryKey(),
  recordCount: integer().notNull(),
  finishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Gap-free numbers per series and year, taken in the transaction that issues the document. */
export const documentNumbers = pgTable(
  'document_numbers',
  {
    series: text().notNull(),
    year: integer().notNull(),
    lastNumber: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.year] })],
)

/** An invoice or a credit note; never edited once issued, except its payment status. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    kind: text({ enum: INVOICE_KINDS }).notNull().default('invoice'),
    number: text().notNull().unique(),
    /** What the invoice is for: `month:2026-10`, `order:<id>`, `credit-note:<id>`; one document each. */
    source: text().notNull(),
    status: text({ enum: INVOICE_STATUSES }).notNull(),
    periodStart: date({ mode: 'string' }).notNull(),
    periodEnd: date({ mode: 'string' }).notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    currency: text().notNull(),
    /** Units of `currency` per USD on the invoice date. */
    exchangeRate: doublePrecision().notNull(),
    subtotalCents: bigint({ mode: 'number' }).notNull(),
    discountCents: bigint({ mode: 'number' }).notNull(),
    creditsAppliedCents: bigint({ mode: 'number' }).notNull(),
    taxableCents: bigint({ mode: 'number' }).notNull(),
    vatTreatment: text({ enum: VAT_TREATMENTS }).notNull(),
    vatBasisPoints: integer().notNull(),
    vatCents: bigint({ mode: 'number' }).notNull(),
    vatMention: text(),
    totalCents: bigint({ mode: 'number' }).notNull(),
    amountPaidCents: bigint({ mode: 'number' }).notNull().default(0),
    customerName: text().notNull(),
    customerAddress: text().notNull(),
    customerCountryCode: text().notNull(),
    customerVatNumber: text(),
    purchaseOrderNumber: text(),
    billingEmail: text(),
    correctsInvoiceId: uuid(),
    reason: text(),
    issuedBy: uuid().references(() => users.id),
    remindersSent: integer().notNull().default(0),
  },
  (table) => [
    uniqueIndex('invoices_organization_source_key').on(table.organizationId, table.source),
    index('invoices_organization_issued_idx').on(table.organizationId, table.issuedAt),
    index('invoices_status_due_idx').on(table.status, table.dueAt),
  ],
)

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    position: integer().notNull(),
    kind: text({ enum: INVOICE_LINE_KINDS }).notNull(),
    clusterId: uuid(),
    clusterName: text(),
    description: text().notNull(),
    quantity: integer().notNull(),
    unitPriceMillicents: bigint({ mode: 'number' }),
    /** Quantity × unit price when the monthly cap charged less than that; null otherwise. */
    listAmountCents: bigint({ mode: 'number' }),
    amountCents: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.position] })],
)

/**
 * The credits ledger, append-only. Bought and granted credits are lots; each use or expiry names
 * the lot it draws on, so what is left of a lot is its amount plus its draws.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    kind: text({ enum: CREDIT_ENTRY_KINDS }).notNull(),
    /** USD cents, positive for a lot, negative for a draw. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    /**
     * A grant as the officer typed it: cents of the organization's billing currency, shown back as
     * they are; `amountCents` is it converted at `exchangeRate` (units of that currency per USD) on the day.
     */
    enteredCents: bigint({ mode: 'number' }),
    enteredCurrency: text(),
    exchangeRate: doublePrecision(),
    lotId: bigint({ mode: 'number' }),
    expiresAt: timestamp({ withTimezone: true }),
    invoiceId: uuid(),
    paymentId: uuid(),
    note: text(),
    /** The note in French when the product wrote it; an officer's note is shown as typed. */
    noteFrench: text(),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_entries_organization_idx').on(table.organizationId, table.id),
    index('credit_entries_lot_idx').on(table.lotId),
    uniqueIndex('credit_entries_payment_key').on(table.paymentId),
  ],
)

/** A Checkout session and what came of it: recorded paid only by Stripe's signed webhook. */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    purpose: text({ enum: ['credits', 'invoice', 'setup'] }).notNull(),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    invoiceId: uuid(),
    /** Cents of `currency`, what the customer pays. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    /** The same in USD cents at the rate of the purchase (credits are kept in USD). */
    usdCents: bigint({ mode: 'number' }).notNull(),
    checkoutSessionId: text().unique(),
    paymentIntentId: text(),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('payments_organization_idx').on(table.organizationId, table.createdAt)],
)

/** Stripe events already handled: a redelivered event is acknowledged and skipped. */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const budgetAlerts = pgTable(
  'budget_alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    /** Cents of `currency`. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    basis: text({ enum: BUDGET_BASES }).notNull(),
    webhookUrl: text(),
    /** Signs the webhook calls (HMAC-SHA256); shown once, when the alert is made. */
    webhookSecret: text(),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('budget_alerts_organization_idx').on(table.organizationId)],
)

/** An alert fires once a month: the row for its month is the proof it did. */
export const budgetAlertFirings = pgTable(
  'budget_alert_firings',
  {
    alertId: uuid()
      .notNull()
      .references(() => budgetAlerts.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    spentCents: bigint({ mode: 'number' }).notNull(),
    firedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.alertId, table.month] })],
)

export type BillablePeriod = typeof billablePeriods.$inferSelect
export type InvoiceRow = typeof invoices.$inferSelect
export type InvoiceLineRow = typeof invoiceLines.$inferSelect
export type BudgetAlertRow = typeof budgetAlerts.$inferSelect
