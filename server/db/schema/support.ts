import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { LANGUAGES } from '#common/language.ts'
import {
  MESSAGE_AUTHOR_KINDS,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketResource,
} from '#common/schemas/support.ts'
import { bytea } from './columns.ts'
import { organizations } from './organizations.ts'
import { users } from './users.ts'

/** Numbers the readable ticket numbers TCK-<year>-<six digits>. */
export const ticketNumberSequence = pgSequence('ticket_number_seq', { startWith: 100 })

/**
 * A support ticket of an organization (opened by a member) or of a visitor (no organization,
 * proven by the mailed tracking link). The response clocks are stored as due instants; while the
 * ticket waits on the customer `pausedAt` holds them still (server/modules/support/clocks.ts).
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: text().notNull().unique(),
    organizationId: uuid().references(() => organizations.id),
    createdBy: uuid().references(() => users.id),
    requesterName: text().notNull(),
    requesterEmail: text().notNull(),
    requesterLanguage: text({ enum: LANGUAGES }).notNull().default('en'),
    company: text(),
    category: text({ enum: TICKET_CATEGORIES }).notNull(),
    priority: text({ enum: TICKET_PRIORITIES }).notNull(),
    subject: text().notNull(),
    status: text({ enum: TICKET_STATUSES }).notNull().default('new'),
    resource: jsonb().$type<TicketResource>(),
    cc: text().array().notNull().default(sql`'{}'::text[]`),
    assigneeId: uuid().references(() => users.id),
    /** The plan whose targets the clocks follow (a visitor's ticket: the free plan). */
    planId: text().notNull(),
    firstResponseMinutes: integer().notNull(),
    nextResponseMinutes: integer().notNull(),
    firstResponseDueAt: timestamp({ withTimezone: true }).notNull(),
    firstRespondedAt: timestamp({ withTimezone: true }),
    nextResponseDueAt: timestamp({ withTimezone: true }),
    pausedAt: timestamp({ withTimezone: true }),
    /** The due instant of the last breach officers were told of. */
    breachNotifiedFor: timestamp({ withTimezone: true }),
    /**
     * A visitor's tracking link: its keyed hash (server/lib/tokens.ts) finds the ticket, and a
     * sealed copy (server/lib/secrets.ts) lets later mails carry the same link.
     */
    trackingTokenHash: text().unique(),
    trackingTokenSealed: text(),
    /** The tracking link works until then; asking for it again issues a new one. */
    trackingTokenExpiresAt: timestamp({ withTimezone: true }),
    /** No longer used: replies by mail come to each participant's own address (supportReplyAddresses). */
    replyToken: text().unique(),
    resolvedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    ratingScore: integer(),
    ratingComment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_tickets_organization_idx').on(table.organizationId, table.updatedAt),
    index('support_tickets_status_idx').on(table.status, table.updatedAt),
    index('support_tickets_requester_idx').on(table.requesterEmail),
  ],
)

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    ticketId: uuid()
      .notNull()
      .references(() => supportTickets.id),
    authorKind: text({ enum: MESSAGE_AUTHOR_KINDS }).notNull(),
    authorUserId: uuid().references(() => users.id),
    authorName: text().notNull(),
    authorEmail: text(),
    body: text().notNull(),
    /** An officers' note: never shown nor mailed to the customer. */
    internal: boolean().notNull().default(false),
    via: text({ enum: ['web', 'email'] })
      .notNull()
      .default('web'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_messages_ticket_idx').on(table.ticketId, table.createdAt)],
)

/** A file attached to a message, kept in PostgreSQL with the type read from its content. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    messageId: uuid()
      .notNull()
      .references(() => supportMessages.id),
    ticketId: uuid()
      .notNull()
      .references(() => supportTickets.id),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    content: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_attachments_message_idx').on(table.messageId)],
)

/**
 * A participant's own reply address on a ticket (support+<token>@…): a mail to it is the message of
 * the participant it was issued to, whatever its From: header says. The token is kept as a keyed
 * hash (to find the address) and sealed (to put it on later mails).
 */
export const supportReplyAddresses = pgTable(
  'support_reply_addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    ticketId: uuid()
      .notNull()
      .references(() => supportTickets.id),
    /** The member it was issued to; null for a visitor requester or a CC address. */
    userId: uuid().references(() => users.id),
    email: text().notNull(),
    kind: text({ enum: ['requester', 'member', 'cc'] }).notNull(),
    tokenHash: text().notNull().unique(),
    tokenSealed: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('support_reply_addresses_participant_key').on(table.ticketId, table.email)],
)

export type SupportTicketRow = typeof supportTickets.$inferSelect
export type SupportMessageRow = typeof supportMessages.$inferSelect
