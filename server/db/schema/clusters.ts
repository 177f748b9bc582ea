import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'

export const clusterStatuses = [
  'pending',
  'provisioning',
  'running',
  'updating',
  'scaling',
  'deleting',
  'deleted',
  'failed',
] as const

export const clusters = pgTable(
  'clusters',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    status: text({ enum: clusterStatuses }).notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('clusters_organization_status_idx').on(table.organizationId, table.status)],
)
