import { sql } from 'drizzle-orm'
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { OPERATION_STATUSES, STEP_STATUSES } from '#common/schemas/clusters.ts'
import {
  INSTALLATION_OPERATION_KINDS,
  INSTALLATION_STATUSES,
  INSTALLATION_STEPS,
} from '#common/schemas/installations.ts'
import { PRODUCT_KINDS } from '#common/schemas/products.ts'
import { clusters } from './clusters.ts'
import { organizations } from './organizations.ts'
import { users } from './users.ts'

/** A product of the marketplace on a cluster (docs/decisions/017-marketplace.md). */
export const installations = pgTable(
  'installations',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    clusterId: uuid()
      .notNull()
      .references(() => clusters.id),
    /** An add-on's or a middleware product's id (unique across both catalog tables). */
    productId: text().notNull(),
    productKind: text({ enum: PRODUCT_KINDS }).notNull(),
    productName: text().notNull(),
    namespace: text().notNull(),
    planId: text(),
    version: text().notNull(),
    /** The version before the last upgrade and the settings it ran with: what a rollback restores. */
    previousVersion: text(),
    previousSettings: jsonb().$type<Record<string, unknown>>(),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text({ enum: INSTALLATION_STATUSES }).notNull().default('pending'),
    statusReason: text(),
    monthlyPriceCents: integer().notNull().default(0),
    /** What it takes from the cluster (its plan's size and its own overhead), for the capacity rule. */
    cpuMillicores: integer().notNull().default(0),
    memoryMib: integer().notNull().default(0),
    orderId: uuid(),
    createdBy: uuid().references(() => users.id),
    endpoints: jsonb().$type<{ name: string; url: string }[]>().notNull().default([]),
    username: text(),
    /** The generated password, AES-256-GCM encrypted (server/lib/secrets.ts); never stored in clear. */
    passwordCiphertext: text(),
    credentialsRotatedAt: timestamp({ withTimezone: true }),
    /** The operation in progress, if any; a second change meanwhile is refused with 409. */
    activeOperationId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    uninstalledAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('installations_organization_created_idx').on(table.organizationId, table.createdAt),
    index('installations_cluster_idx').on(table.clusterId),
    // One live installation of a product per namespace of a cluster.
    uniqueIndex('installations_cluster_namespace_product_live_key')
      .on(table.clusterId, table.namespace, table.productId)
      .where(sql`status <> 'uninstalled'`),
  ],
)

export const installationOperations = pgTable(
  'installation_operations',
  {
    id: uuid().primaryKey().defaultRandom(),
    installationId: uuid()
      .notNull()
      .references(() => installations.id),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    kind: text({ enum: INSTALLATION_OPERATION_KINDS }).notNull(),
    status: text({ enum: OPERATION_STATUSES }).notNull().default('queued'),
    /** Where the operation takes the installation: `{ version?, settings? }`, and where it came from. */
    parameters: jsonb()
      .$type<{
        version?: string
        settings?: Record<string, unknown>
        fromVersion?: string
        fromSettings?: Record<string, unknown>
      }>()
      .notNull()
      .default({}),
    error: text(),
    requestedBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('installation_operations_installation_idx').on(table.installationId, table.createdAt)],
)

export const installationSteps = pgTable(
  'installation_steps',
  {
    id: uuid().primaryKey().defaultRandom(),
    operationId: uuid()
      .notNull()
      .references(() => installationOperations.id),
    installationId: uuid()
      .notNull()
      .references(() => installations.id),
    name: text({ enum: INSTALLATION_STEPS }).notNull(),
    position: integer().notNull(),
    status: text({ enum: STEP_STATUSES }).notNull().default('pending'),
    estimatedSeconds: integer().notNull(),
    attempts: integer().notNull().default(0),
    message: text(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [uniqueIndex('installation_steps_operation_position_key').on(table.operationId, table.position)],
)

/** Every transition of an installation, for its history. */
export const installationEvents = pgTable(
  'installation_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    installationId: uuid()
      .notNull()
      .references(() => installations.id),
    operationId: uuid(),
    type: text().notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('installation_events_installation_idx').on(table.installationId, table.id)],
)

export type InstallationRow = typeof installations.$inferSelect
export type InstallationOperationRow = typeof installationOperations.$inferSelect
export type InstallationStepRow = typeof installationSteps.$inferSelect
