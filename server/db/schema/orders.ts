import {
  bigint,
  index,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ClusterConfiguration, PriceBreakdown } from '#common/schemas/clusters.ts'
import { ORDER_KINDS, ORDER_STATUSES, type OrderedProduct } from '#common/schemas/orders.ts'
import { organizations } from './organizations.ts'
import { users } from './users.ts'

/** Numbers the readable order references ORD-<year>-<six digits>. */
export const orderReferenceSequence = pgSequence('order_reference_seq', { startWith: 100 })

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
    status: text({ enum: ORDER_STATUSES }).notNull().default('draft'),
    kind: text({ enum: ORDER_KINDS }).notNull().default('cluster'),
    totalCents: bigint({ mode: 'number' }).notNull().default(0),
    /** The client's Idempotency-Key and a hash of the body it came with. */
    idempotencyKey: text(),
    requestHash: text(),
    configuration: jsonb().$type<ClusterConfiguration>(),
    price: jsonb().$type<PriceBreakdown>(),
    currency: text().notNull().default('USD'),
    promoCode: text(),
    approvalReason: text(),
    decisionNote: text(),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    clusterId: uuid(),
    /** A product order: what goes onto which cluster, and the installation it became. */
    product: jsonb().$type<OrderedProduct>(),
    installationId: uuid(),
    /** A custom solution's order: the request and the quote it accepts. */
    customSolution: jsonb().$type<{ id: string; reference: string; title: string; quoteId: string }>(),
    /** A support plan's order: the plan moved to, and the one it replaced. */
    supportPlan: jsonb().$type<{ id: string; name: string; previousId: string }>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_organization_id_idx').on(table.organizationId, table.createdAt),
    index('orders_status_idx').on(table.status, table.createdAt),
    uniqueIndex('orders_organization_idempotency_key').on(table.organizationId, table.idempotencyKey),
  ],
)

export type OrderRow = typeof orders.$inferSelect
