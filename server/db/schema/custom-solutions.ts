import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Currency } from '#common/money.ts'
import {
  type COMPLIANCE_NEEDS,
  CUSTOM_SOLUTION_STATUSES,
  QUOTE_STATUSES,
  SLA_LEVELS,
} from '#common/schemas/custom-solutions.ts'
import { organizations } from './organizations.ts'
import { users } from './users.ts'

/** Numbers the readable references CS-<year>-<six digits>. */
export const customSolutionReferenceSequence = pgSequence('custom_solution_reference_seq', { startWith: 100 })

/** A customer's description of what the catalog lacks. */
export const customSolutions = pgTable(
  'custom_solutions',
  {
    id: uuid().primaryKey().defaultRandom(),
    reference: text().notNull().unique(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    createdBy: uuid().references(() => users.id),
    title: text().notNull(),
    workload: text().notNull(),
    components: text().notNull(),
    compliance: jsonb().$type<(typeof COMPLIANCE_NEEDS)[number][]>().notNull().default([]),
    sla: text({ enum: SLA_LEVELS }).notNull(),
    budget: integer(),
    currency: text().notNull(),
    deadline: date({ mode: 'string' }),
    status: text({ enum: CUSTOM_SOLUTION_STATUSES }).notNull().default('submitted'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('custom_solutions_organization_idx').on(table.organizationId, table.createdAt),
    index('custom_solutions_status_idx').on(table.status, table.createdAt),
  ],
)

/** An officer's priced answer to a request; the customer accepts or declines it. */
export const customSolutionQuotes = pgTable(
  'custom_solution_quotes',
  {
    id: uuid().primaryKey().defaultRandom(),
    customSolutionId: uuid()
      .notNull()
      .references(() => customSolutions.id),
    status: text({ enum: QUOTE_STATUSES }).notNull().default('open'),
    /** Prices in cents of `currency`, the organization's billing currency, as the officer typed them. */
    lines: jsonb().$type<{ description: string; quantity: number; unitMonthlyCents: number }[]>().notNull(),
    monthlyTotalCents: integer().notNull(),
    currency: text().$type<Currency>().notNull(),
    /** Units of `currency` per USD on the day of the quote, as invoices store it. */
    exchangeRate: doublePrecision().notNull(),
    /** The monthly total converted once at `exchangeRate`: what the accepted order costs in USD cents. */
    monthlyTotalUsdCents: integer().notNull(),
    validUntil: date({ mode: 'string' }).notNull(),
    note: text(),
    declineReason: text(),
    createdBy: uuid().references(() => users.id),
    orderId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('custom_solution_quotes_request_idx').on(table.customSolutionId, table.createdAt)],
)

export type CustomSolutionRow = typeof customSolutions.$inferSelect
export type CustomSolutionQuoteRow = typeof customSolutionQuotes.$inferSelect
