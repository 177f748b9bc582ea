import { sql } from 'drizzle-orm'
import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { LEAD_KINDS, LEAD_LANGUAGES } from '#common/schemas/leads.ts'

/** What visitors send through the lead forms of the public site (one row per submission). */
export const leads = pgTable(
  'leads',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: LEAD_KINDS }).notNull(),
    name: text().notNull(),
    email: text().notNull(),
    company: text(),
    message: text(),
    /** The language the visitor used: their confirmation mail is written in it. */
    language: text({ enum: LEAD_LANGUAGES }).notNull(),
    /** The fields only one kind of form has (company size, cluster type, current platform…). */
    details: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Booked demos only: the start of the 30-minute slot, unique so a slot is booked once. */
    demoSlotStart: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('leads_demo_slot_start_key')
      .on(table.demoSlotStart)
      .where(sql`${table.demoSlotStart} IS NOT NULL`),
  ],
)

export type Lead = typeof leads.$inferSelect
export type NewLead = typeof leads.$inferInsert

export const newsletterStatuses = ['pending', 'confirmed'] as const

/**
 * Newsletter subscriptions by double opt-in: `pending` until the mailed link is opened, then
 * `confirmed`. Only a keyed hash of the link's token is kept; it stays after confirmation so a
 * second use of the link can be told apart from a bad one.
 */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  language: text({ enum: LEAD_LANGUAGES }).notNull(),
  status: text({ enum: newsletterStatuses }).notNull().default('pending'),
  tokenHash: text().notNull().unique(),
  tokenExpiresAt: timestamp({ withTimezone: true }).notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export type NewsletterSubscription = typeof newsletterSubscriptions.$inferSelect
