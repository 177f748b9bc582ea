import { bigint, boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { LANGUAGES } from '#common/language.ts'
import { CURRENCIES } from '#common/money.ts'

export const organizations = pgTable('organizations', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  /** The billing identifier customers quote; shown as "Billing ID". */
  billingId: text().notNull().unique(),
  billingCurrency: text({ enum: CURRENCIES }).notNull().default('EUR'),
  /**
   * Cents of the billing currency. Orders that, with what the organization is already in for,
   * come above it (converted at the day's rate) wait for an officer's approval.
   */
  creditLimitCents: bigint({ mode: 'number' }).notNull().default(5_000_000),
  /** What its invoices carry (docs/decisions/016-billing.md). */
  billingAddress: text().notNull().default(''),
  countryCode: text().notNull().default('FR'),
  /** The language of its invoices, credit notes and billing mails (docs/decisions/027-billing-documents-language-and-fonts.md). */
  language: text({ enum: LANGUAGES }).notNull().default('en'),
  vatNumber: text(),
  purchaseOrderNumber: text(),
  billingEmail: text(),
  /** The support plan billed each month (the catalog's support_plans). */
  supportPlanId: text().notNull().default('basic'),
  stripeCustomerId: text(),
  /** Registrations from these mail domains are approved at once. */
  verifiedDomains: jsonb().$type<string[]>().notNull().default([]),
  /** Members without two-factor authentication are sent to enrol at their next sign-in. */
  requireMfa: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export type Organization = typeof organizations.$inferSelect
