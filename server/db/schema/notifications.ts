import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull().default('info'),
    title: text(),
    message: text().notNull(),
    link: text(),
    read: boolean().notNull().default(false),
    trash: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_visible_idx')
      .on(table.userId, table.createdAt.desc())
      .where(sql`${table.trash} = false`),
  ],
)

export type Notification = typeof notifications.$inferSelect
