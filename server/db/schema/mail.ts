import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Mail kept in the database when no SMTP server is configured (read at /dev/mailbox). */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** The queue job that delivered it: a job retried after a crash finds its mail already here. */
    jobId: uuid().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_recipient_idx').on(table.recipient, table.createdAt)],
)
