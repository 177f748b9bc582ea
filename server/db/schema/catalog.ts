import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core'
import {
  ADD_ON_CATEGORIES,
  CAPACITY_STATUSES,
  type ClusterTypeFrench,
  type COMPLIANCE_TAGS,
  CONTROL_PLANE_MODES,
  DATA_CENTER_AVAILABILITIES,
  type DataCenterFrench,
  FLAVOR_FAMILIES,
  MIDDLEWARE_CATEGORIES,
  type NodeFlavorFrench,
  type ProductFrench,
  type ResponseTargets,
  type SUPPORT_CHANNELS,
  SUPPORT_COVERAGES,
  type SupportPlanFrench,
} from '#common/schemas/catalog.ts'
import type { ProductDetails } from '#common/schemas/products.ts'

/**
 * The catalog the business sells from, seeded and later edited by super_admin. Money is integer
 * USD cents, except a flavor's hourly price, in USD milli-cents (docs/decisions/008).
 */

const emptyTextArray = sql`'{}'::text[]`

/** The cluster types (tiers). The catalog columns have defaults so rows from before them stay valid. */
export const clusterTypes = pgTable('cluster_types', {
  id: text().primaryKey(),
  name: text().notNull(),
  position: integer().notNull(),
  colour: text().notNull().default('#64748b'),
  tagline: text().notNull().default(''),
  /** Null when the type carries no SLA (dev/test, sandbox). */
  slaPercent: doublePrecision(),
  controlPlaneMode: text({ enum: CONTROL_PLANE_MODES }).notNull().default('shared'),
  includedFeatures: text().array().notNull().default(emptyTextArray),
  baseMonthlyPriceCents: integer().notNull().default(0),
  useCases: text().array().notNull().default(emptyTextArray),
  /** The texts above in French (common/schemas/catalog.ts says which); `{}` until translated. */
  french: jsonb().$type<ClusterTypeFrench>().notNull().default({}),
})

export const nodeFlavors = pgTable('node_flavors', {
  id: text().primaryKey(),
  name: text().notNull(),
  position: integer().notNull(),
  family: text({ enum: FLAVOR_FAMILIES }).notNull(),
  vcpu: integer().notNull(),
  ramGib: integer().notNull(),
  gpuCount: integer().notNull().default(0),
  gpuModel: text(),
  gpuMemoryGib: integer(),
  diskGib: integer().notNull(),
  hourlyPriceMillicents: integer().notNull(),
  french: jsonb().$type<NodeFlavorFrench>().notNull().default({}),
})

/** Which flavors a cluster type's node pools may use. */
export const clusterTypeFlavors = pgTable(
  'cluster_type_flavors',
  {
    clusterTypeId: text()
      .notNull()
      .references(() => clusterTypes.id, { onDelete: 'cascade' }),
    flavorId: text()
      .notNull()
      .references(() => nodeFlavors.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.clusterTypeId, table.flavorId] })],
)

export const dataCenters = pgTable('data_centers', {
  code: text().primaryKey(),
  name: text().notNull(),
  position: integer().notNull(),
  city: text().notNull(),
  countryCode: text().notNull(),
  country: text().notNull(),
  inEu: boolean().notNull(),
  provider: text().notNull(),
  complianceTags: text()
    .array()
    .$type<(typeof COMPLIANCE_TAGS)[number][]>()
    .notNull()
    .default(emptyTextArray),
  availability: text({ enum: DATA_CENTER_AVAILABILITIES }).notNull(),
  capacityStatus: text({ enum: CAPACITY_STATUSES }).notNull(),
  latitude: doublePrecision().notNull(),
  longitude: doublePrecision().notNull(),
  french: jsonb().$type<DataCenterFrench>().notNull().default({}),
})

export const kubernetesVersions = pgTable('kubernetes_versions', {
  /** Minor version, e.g. 1.36. */
  version: text().primaryKey(),
  latestPatch: text().notNull(),
  releaseDate: date({ mode: 'string' }).notNull(),
  endOfLifeDate: date({ mode: 'string' }).notNull(),
  isDefault: boolean().notNull().default(false),
})

export const addOns = pgTable('add_ons', {
  id: text().primaryKey(),
  name: text().notNull(),
  position: integer().notNull(),
  category: text({ enum: ADD_ON_CATEGORIES }).notNull(),
  description: text().notNull(),
  monthlyPriceCents: integer().notNull(),
  /** The marketplace's knowledge of it (common/schemas/products.ts); `{}` until seeded. */
  details: jsonb().$type<ProductDetails | Record<string, never>>().notNull().default({}),
  french: jsonb().$type<ProductFrench>().notNull().default({}),
})

export const middlewareProducts = pgTable('middleware_products', {
  id: text().primaryKey(),
  name: text().notNull(),
  position: integer().notNull(),
  category: text({ enum: MIDDLEWARE_CATEGORIES }).notNull(),
  version: text().notNull(),
  description: text().notNull(),
  monthlyPriceCents: integer().notNull(),
  details: jsonb().$type<ProductDetails | Record<string, never>>().notNull().default({}),
  french: jsonb().$type<ProductFrench>().notNull().default({}),
})

export const supportPlans = pgTable('support_plans', {
  id: text().primaryKey(),
  name: text().notNull(),
  position: integer().notNull(),
  monthlyPriceCents: integer().notNull(),
  coverage: text({ enum: SUPPORT_COVERAGES }).notNull(),
  criticalResponseMinutes: integer().notNull(),
  responseTargets: jsonb().$type<ResponseTargets>().notNull().default({}),
  channels: text().array().$type<(typeof SUPPORT_CHANNELS)[number][]>().notNull().default(emptyTextArray),
  features: text().array().notNull().default(emptyTextArray),
  french: jsonb().$type<SupportPlanFrench>().notNull().default({}),
})

export type ClusterTypeRow = typeof clusterTypes.$inferInsert
export type NodeFlavorRow = typeof nodeFlavors.$inferInsert
export type DataCenterRow = typeof dataCenters.$inferInsert
export type KubernetesVersionRow = typeof kubernetesVersions.$inferInsert
export type AddOnRow = typeof addOns.$inferInsert
export type MiddlewareProductRow = typeof middlewareProducts.$inferInsert
export type SupportPlanRow = typeof supportPlans.$inferInsert
