import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'
import { users } from './users.ts'

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Readable reference such as ORD-2026-000123. */
    reference: text().notNull().unique(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    createdBy: uuid().references(() => users.id),
    status: text({ enum: ['draft', 'pending_approval', 'confirmed', 'fulfilled', 'cancelled', 'failed'] })
      .notNull()
      .default('draft'),
    totalCents: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('orders_organization_id_idx').on(table.organizationId, table.createdAt)],
)
