import { z } from 'zod'
import { ADD_ON_CATEGORIES, MIDDLEWARE_CATEGORIES } from './kinds.ts'
import { TICKET_PRIORITIES, type TicketPriority } from './ticket-priorities.ts'

/**
 * The catalog the business sells from (GET /api/catalog). Money is integer USD cents; a flavor's
 * hourly price is in USD milli-cents (1/1000 of a cent) so small flavors keep their precision.
 */

export const CONTROL_PLANE_MODES = ['shared', 'dedicated_ha', 'dedicated_multi_zone'] as const
export const COMPLIANCE_TAGS = [
  'GDPR',
  'HDS',
  'SecNumCloud',
  'CISPE',
  'ISO 27001',
  'C5',
  'ENS',
  'UK GDPR',
  'FADP',
  'SOC 2',
] as const
export const DATA_CENTER_AVAILABILITIES = ['available', 'limited', 'coming_soon'] as const
export const CAPACITY_STATUSES = ['normal', 'constrained', 'full'] as const
export const FLAVOR_FAMILIES = ['development', 'general_purpose', 'compute', 'memory', 'gpu'] as const
export type FlavorFamily = (typeof FLAVOR_FAMILIES)[number]
export { ADD_ON_CATEGORIES, MIDDLEWARE_CATEGORIES } from './kinds.ts'
export const SUPPORT_COVERAGES = ['business_hours', '24x7'] as const
export const SUPPORT_CHANNELS = ['email', 'ticket', 'chat', 'phone', 'slack'] as const

const idSchema = z.string().min(1)

/**
 * A catalog row's texts in French, beside the English ones: the fields of the row a French reader
 * reads in French (each optional: a row not yet translated reads in English). The interface picks
 * them by its language (web/lib/catalog-language.ts).
 */
const clusterTypeFrenchSchema = z
  .object({ tagline: z.string(), includedFeatures: z.array(z.string()), useCases: z.array(z.string()) })
  .partial()
const dataCenterFrenchSchema = z.object({ name: z.string(), city: z.string() }).partial()
export const productFrenchSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    /**
     * The product sheet's texts (changes, settings, extra costs, what an installation gives), each
     * under its English text: the sheet's structure is the product's, its words the language's.
     */
    sheet: z.record(z.string(), z.string()),
  })
  .partial()
const nodeFlavorFrenchSchema = z.object({ name: z.string() }).partial()
const supportPlanFrenchSchema = z.object({ features: z.array(z.string()) }).partial()
export type ClusterTypeFrench = z.infer<typeof clusterTypeFrenchSchema>
export type NodeFlavorFrench = z.infer<typeof nodeFlavorFrenchSchema>
export type DataCenterFrench = z.infer<typeof dataCenterFrenchSchema>
export type ProductFrench = z.infer<typeof productFrenchSchema>
export type SupportPlanFrench = z.infer<typeof supportPlanFrenchSchema>
const centsSchema = z.number().int().nonnegative()
const isoDateSchema = z.iso.date()

export const clusterTypeSchema = z.object({
  id: idSchema,
  name: z.string(),
  position: z.number().int(),
  colour: z.string().regex(/^#[0-9a-f]{6}$/i),
  tagline: z.string(),
  /** Monthly availability of the API server; null when the type carries no SLA. */
  slaPercent: z.number().nullable(),
  controlPlaneMode: z.enum(CONTROL_PLANE_MODES),
  includedFeatures: z.array(z.string()),
  allowedFlavorIds: z.array(idSchema),
  baseMonthlyPriceCents: centsSchema,
  useCases: z.array(z.string()),
  french: clusterTypeFrenchSchema.optional(),
})

export const dataCenterSchema = z.object({
  code: idSchema,
  name: z.string(),
  city: z.string(),
  countryCode: z.string().length(2),
  country: z.string(),
  inEu: z.boolean(),
  provider: z.string(),
  complianceTags: z.array(z.enum(COMPLIANCE_TAGS)),
  availability: z.enum(DATA_CENTER_AVAILABILITIES),
  capacityStatus: z.enum(CAPACITY_STATUSES),
  latitude: z.number(),
  longitude: z.number(),
  french: dataCenterFrenchSchema.optional(),
})

export const nodeFlavorSchema = z.object({
  id: idSchema,
  name: z.string(),
  family: z.enum(FLAVOR_FAMILIES),
  vcpu: z.number().int().positive(),
  ramGib: z.number().int().positive(),
  gpuCount: z.number().int().nonnegative(),
  gpuModel: z.string().nullable(),
  gpuMemoryGib: z.number().int().nonnegative().nullable(),
  diskGib: z.number().int().positive(),
  hourlyPriceMillicents: z.number().int().positive(),
  french: nodeFlavorFrenchSchema.optional(),
})

export const kubernetesVersionSchema = z.object({
  version: z.string().regex(/^\d+\.\d+$/),
  latestPatch: z.string().regex(/^\d+\.\d+\.\d+$/),
  releaseDate: isoDateSchema,
  endOfLifeDate: isoDateSchema,
  isDefault: z.boolean(),
})

export const addOnSchema = z.object({
  id: idSchema,
  name: z.string(),
  category: z.enum(ADD_ON_CATEGORIES),
  description: z.string(),
  monthlyPriceCents: centsSchema,
  french: productFrenchSchema.optional(),
})

export const middlewareProductSchema = z.object({
  id: idSchema,
  name: z.string(),
  category: z.enum(MIDDLEWARE_CATEGORIES),
  version: z.string(),
  description: z.string(),
  monthlyPriceCents: centsSchema,
  french: productFrenchSchema.optional(),
})

export const responseTargetSchema = z.object({
  firstMinutes: z.number().int().positive(),
  nextMinutes: z.number().int().positive(),
})
export type ResponseTargets = Partial<Record<TicketPriority, z.infer<typeof responseTargetSchema>>>

export const supportPlanSchema = z.object({
  id: idSchema,
  name: z.string(),
  monthlyPriceCents: centsSchema,
  coverage: z.enum(SUPPORT_COVERAGES),
  /** First response to a critical (severity 1) ticket. */
  criticalResponseMinutes: z.number().int().positive(),
  /**
   * First and next response targets per ticket priority, in minutes of the plan's coverage; a
   * priority the plan does not cover (P1 on business hours) has none.
   */
  responseTargets: z.partialRecord(z.enum(TICKET_PRIORITIES), responseTargetSchema),
  channels: z.array(z.enum(SUPPORT_CHANNELS)),
  features: z.array(z.string()),
  french: supportPlanFrenchSchema.optional(),
})

export const catalogSchema = z.object({
  clusterTypes: z.array(clusterTypeSchema),
  dataCenters: z.array(dataCenterSchema),
  nodeFlavors: z.array(nodeFlavorSchema),
  kubernetesVersions: z.array(kubernetesVersionSchema),
  addOns: z.array(addOnSchema),
  middlewareProducts: z.array(middlewareProductSchema),
  supportPlans: z.array(supportPlanSchema),
})

export type ClusterType = z.infer<typeof clusterTypeSchema>
export type DataCenter = z.infer<typeof dataCenterSchema>
export type NodeFlavor = z.infer<typeof nodeFlavorSchema>
export type KubernetesVersion = z.infer<typeof kubernetesVersionSchema>
export type AddOn = z.infer<typeof addOnSchema>
export type MiddlewareProduct = z.infer<typeof middlewareProductSchema>
export type SupportPlan = z.infer<typeof supportPlanSchema>
export type Catalog = z.infer<typeof catalogSchema>
