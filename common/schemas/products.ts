import { z } from 'zod'
import { ADD_ON_CATEGORIES, MIDDLEWARE_CATEGORIES, productFrenchSchema } from './catalog.ts'

/**
 * What the marketplace knows of each add-on and middleware product beyond its catalog row: the
 * Helm chart and its versions with their changes, the JSON Schema of its settings, its plans,
 * what it needs from a cluster, what it adds to the bill, its publisher and what you get.
 */

export const PRODUCT_KINDS = ['add_on', 'middleware'] as const
export type ProductKind = (typeof PRODUCT_KINDS)[number]
export const CHANGE_KINDS = ['added', 'changed', 'fixed', 'security'] as const
export const EXTRA_COST_KINDS = ['volume', 'load_balancer', 'backup_storage'] as const

const centsSchema = z.number().int().nonnegative()

export const productVersionSchema = z.object({
  version: z.string(),
  chartVersion: z.string(),
  releasedOn: z.iso.date(),
  changes: z.array(z.object({ kind: z.enum(CHANGE_KINDS), text: z.string() })),
})

export const productPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  cpuMillicores: z.number().int().positive(),
  memoryMib: z.number().int().positive(),
  storageGib: z.number().int().nonnegative(),
  replicas: z.number().int().positive(),
  monthlyPriceCents: centsSchema,
})

export const productDetailsSchema = z.object({
  chart: z.object({ repository: z.string(), name: z.string() }),
  /** Newest first; the first is what a new installation gets unless another is chosen. */
  versions: z.array(productVersionSchema).min(1),
  /** A JSON Schema (draft 2020-12, the kind of a chart's values.schema.json) of the settings. */
  settingsSchema: z.record(z.string(), z.unknown()),
  /** Sizes to choose from; none means one size at the product's price. */
  plans: z.array(productPlanSchema),
  requirements: z.object({
    /** Cluster types it runs on; null for every type. */
    clusterTypeIds: z.array(z.string()).nullable(),
    minKubernetesVersion: z.string(),
    /** What it takes from the cluster beside its plan's size. */
    cpuMillicores: z.number().int().nonnegative(),
    memoryMib: z.number().int().nonnegative(),
  }),
  extraCosts: z.array(
    z.object({ kind: z.enum(EXTRA_COST_KINDS), description: z.string(), monthlyPriceCents: centsSchema }),
  ),
  publisher: z.object({ name: z.string(), verified: z.boolean() }),
  documentationUrl: z.url(),
  afterInstall: z.string(),
})
export type ProductDetails = z.infer<typeof productDetailsSchema>
export type ProductPlan = z.infer<typeof productPlanSchema>

const productBase = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The lowest monthly price: the smallest plan's, or the product's own. */
  fromMonthlyPriceCents: centsSchema,
  latestVersion: z.string(),
  publisher: productDetailsSchema.shape.publisher,
  /** The name and description in French, where the catalog has them. */
  french: productFrenchSchema.optional(),
})
const addOnBase = productBase.extend({ kind: z.literal('add_on'), category: z.enum(ADD_ON_CATEGORIES) })
const middlewareBase = productBase.extend({
  kind: z.literal('middleware'),
  category: z.enum(MIDDLEWARE_CATEGORIES),
})
export const productSummarySchema = z.discriminatedUnion('kind', [addOnBase, middlewareBase])
export type ProductSummary = z.infer<typeof productSummarySchema>

/** A product with everything the marketplace shows of it; `monthlyPriceCents` without a plan. */
const detailFields = productDetailsSchema.extend({ monthlyPriceCents: centsSchema }).shape
export const productSchema = z.discriminatedUnion('kind', [
  addOnBase.extend(detailFields),
  middlewareBase.extend(detailFields),
])
export type Product = z.infer<typeof productSchema>

export const productListQuerySchema = z.object({ kind: z.enum(PRODUCT_KINDS).optional() })

/** An installation as asked: onto which cluster, in which namespace, plan, version and settings. */
export const installRequestSchema = z.object({
  clusterId: z.uuid(),
  namespace: z.string().max(63),
  planId: z.string().max(40).nullable(),
  version: z.string().max(40),
  settings: z.record(z.string(), z.unknown()).default({}),
})
export type InstallRequest = z.infer<typeof installRequestSchema>

/** What the server would install: the settings with their defaults, and the monthly price. */
export const installCheckSchema = z.object({
  settings: z.record(z.string(), z.unknown()),
  monthlyPriceCents: centsSchema,
})
