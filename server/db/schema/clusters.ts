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
import {
  CLUSTER_STATUSES,
  type ClusterConfiguration,
  OPERATION_KINDS,
  OPERATION_STATUSES,
  PROVISIONING_STEPS,
  STEP_STATUSES,
} from '#common/schemas/clusters.ts'
import { organizations } from './organizations.ts'
import { users } from './users.ts'

/** Kept for the modules that imported the list from here. */
export const clusterStatuses = CLUSTER_STATUSES

export const clusters = pgTable(
  'clusters',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    status: text({ enum: CLUSTER_STATUSES }).notNull().default('pending'),
    /** Why the cluster failed, in words a person can act on. */
    statusReason: text(),
    orderId: uuid(),
    createdBy: uuid().references(() => users.id),
    clusterTypeId: text().notNull().default('blue'),
    dataCenterCode: text().notNull().default(''),
    /** The minor version (1.36) and the patch running (1.36.6). */
    kubernetesVersion: text().notNull().default(''),
    kubernetesPatch: text().notNull().default(''),
    configuration: jsonb().$type<ClusterConfiguration>(),
    /** Which provisioning driver owns the cluster: simulated or clusterapi. */
    driver: text().notNull().default('simulated'),
    endpoint: text(),
    caCertificate: text(),
    /** The CA's private key (PEM), sealed: the simulated control plane signs its serving certificates with it. */
    caKey: text(),
    monthlyPriceCents: integer().notNull().default(0),
    /** Bumped by a credential rotation: every kubeconfig of an older generation stops working. */
    credentialGeneration: integer().notNull().default(1),
    credentialsRotatedAt: timestamp({ withTimezone: true }),
    /** The operation in progress, if any; a second change meanwhile is refused with 409. */
    activeOperationId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('clusters_organization_status_idx').on(table.organizationId, table.status),
    index('clusters_organization_created_idx').on(table.organizationId, table.createdAt),
    uniqueIndex('clusters_organization_name_live_key')
      .on(table.organizationId, table.name)
      .where(sql`status <> 'deleted'`),
  ],
)

/** A change to a cluster carried out by the provisioning engine: create, scale, upgrade, … */
export const clusterOperations = pgTable(
  'cluster_operations',
  {
    id: uuid().primaryKey().defaultRandom(),
    clusterId: uuid()
      .notNull()
      .references(() => clusters.id),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    kind: text({ enum: OPERATION_KINDS }).notNull(),
    status: text({ enum: OPERATION_STATUSES }).notNull().default('queued'),
    /** What the operation changes: the target node counts, version, … */
    parameters: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    error: text(),
    requestedBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('cluster_operations_cluster_created_idx').on(table.clusterId, table.createdAt)],
)

/** One step of an operation, run as its own job; what the progress bars show. */
export const clusterSteps = pgTable(
  'cluster_steps',
  {
    id: uuid().primaryKey().defaultRandom(),
    operationId: uuid()
      .notNull()
      .references(() => clusterOperations.id),
    clusterId: uuid()
      .notNull()
      .references(() => clusters.id),
    name: text({ enum: PROVISIONING_STEPS }).notNull(),
    position: integer().notNull(),
    status: text({ enum: STEP_STATUSES }).notNull().default('pending'),
    estimatedSeconds: integer().notNull(),
    /** How many times the step's work was started (a retry or a restarted worker adds one). */
    attempts: integer().notNull().default(0),
    message: text(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [uniqueIndex('cluster_steps_operation_position_key').on(table.operationId, table.position)],
)

export const clusterNodes = pgTable(
  'cluster_nodes',
  {
    clusterId: uuid()
      .notNull()
      .references(() => clusters.id),
    name: text().notNull(),
    poolName: text().notNull(),
    internalIp: text().notNull(),
    kubeletVersion: text().notNull(),
    status: text({ enum: ['provisioning', 'ready', 'draining', 'deleting'] })
      .notNull()
      .default('provisioning'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('cluster_nodes_cluster_name_key').on(table.clusterId, table.name)],
)

/** Every transition and notable change of a cluster: the status pages and the timeline read it. */
export const clusterEvents = pgTable(
  'cluster_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    clusterId: uuid()
      .notNull()
      .references(() => clusters.id),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    operationId: uuid(),
    type: text().notNull(),
    fromStatus: text({ enum: CLUSTER_STATUSES }),
    toStatus: text({ enum: CLUSTER_STATUSES }),
    message: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cluster_events_cluster_id_idx').on(table.clusterId, table.id)],
)

/** Per-user kubeconfig tokens, stored hashed; a rotation revokes them all. */
export const clusterCredentials = pgTable(
  'cluster_credentials',
  {
    id: uuid().primaryKey().defaultRandom(),
    clusterId: uuid()
      .notNull()
      .references(() => clusters.id),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    generation: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Chosen at download; the token review refuses it after. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('cluster_credentials_cluster_idx').on(table.clusterId),
    index('cluster_credentials_user_idx').on(table.userId),
  ],
)

/** A saved configuration to order again from. */
export const clusterTemplates = pgTable(
  'cluster_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    configuration: jsonb().$type<ClusterConfiguration>().notNull(),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cluster_templates_organization_idx').on(table.organizationId, table.createdAt)],
)

export type Cluster = typeof clusters.$inferSelect
export type ClusterOperation = typeof clusterOperations.$inferSelect
export type ClusterStep = typeof clusterSteps.$inferSelect
export type ClusterNode = typeof clusterNodes.$inferSelect
