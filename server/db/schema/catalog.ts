import { integer, pgTable, text } from 'drizzle-orm/pg-core'

/** The cluster types (tiers) the business sells; the catalog issue extends this table. */
export const clusterTypes = pgTable('cluster_types', {
  id: text().primaryKey(),
  name: text().notNull(),
  position: integer().notNull(),
})
