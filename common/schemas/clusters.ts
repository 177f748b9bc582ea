import { z } from 'zod'
import { BILLING_CYCLES } from '../pricing.ts'
import { check, validationMessage } from '../validation-messages.ts'
import { pageQuerySchema } from './pagination.ts'
import { CLUSTER_SORTS } from './sorts.ts'
import { CLUSTER_STATUSES, type ClusterStatus } from './statuses.ts'

/**
 * A cluster's configuration, as the wizard builds it and the server stores it. The shape alone is
 * checked here; what depends on the catalog (a flavor allowed for the type, a data center's
 * compliance) is checked by `configurationIssues` in common/cluster-rules.ts, on both sides.
 */

export const CNI_PLUGINS = ['cilium', 'calico'] as const
export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const

export const DEFAULT_POD_CIDR = '10.244.0.0/16'
export const DEFAULT_SERVICE_CIDR = '10.96.0.0/12'
export const MAX_NODE_POOLS = 10
export const MAX_NODES_PER_POOL = 100
/** The label every node carries with the name of its pool. */
export const NODE_POOL_LABEL = 'clusterdeck.eu/node-pool'
/** The weekly maintenance window lasts this long. */
export const MAINTENANCE_WINDOW_HOURS = 4

const DNS_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/
const LABEL_KEY =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/
const LABEL_VALUE = /^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/
const IPV4_CIDR = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/

export function isIpv4Cidr(value: string): boolean {
  const match = IPV4_CIDR.exec(value)
  if (!match) return false
  const octets = match.slice(1, 5).map(Number)
  const prefix = Number(match[5])
  return octets.every((octet) => octet <= 255) && prefix <= 32
}

/** The first and last address of a CIDR block as 32-bit numbers. */
export function cidrRange(value: string): [number, number] {
  const [address = '', prefixText = '0'] = value.split('/')
  const base = address.split('.').reduce((total, octet) => total * 256 + Number(octet), 0)
  const size = 2 ** (32 - Number(prefixText))
  const start = base - (base % size)
  return [start, start + size - 1]
}

export function cidrsOverlap(first: string, second: string): boolean {
  const [a1, a2] = cidrRange(first)
  const [b1, b2] = cidrRange(second)
  return a1 <= b2 && b1 <= a2
}

export const clusterNameSchema = z
  .string()
  .trim()
  .min(3, check('tooShort', { minimum: 3 }))
  .max(40, check('tooLong', { maximum: 40 }))
  .regex(DNS_LABEL, check('dnsLabel'))

const cidrSchema = z.string().trim().refine(isIpv4Cidr, check('cidr'))

export const taintSchema = z.object({
  key: z.string().trim().regex(LABEL_KEY, check('taintKey')),
  value: z.string().trim().regex(LABEL_VALUE, check('taintValue')),
  effect: z.enum(TAINT_EFFECTS),
})

export const autoscalingSchema = z.object({
  enabled: z.boolean(),
  min: z.number().int().min(0).max(MAX_NODES_PER_POOL),
  max: z.number().int().min(1).max(MAX_NODES_PER_POOL),
})

export const nodePoolSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, check('poolNameRequired'))
      .max(30, check('tooLong', { maximum: 30 }))
      .regex(DNS_LABEL, check('dnsLabel')),
    flavorId: z.string().min(1, check('chooseFlavor')),
    nodeCount: z
      .number()
      .int()
      .min(1, check('atLeastOneNode', { minimum: 1 }))
      .max(MAX_NODES_PER_POOL, check('tooManyNodes', { maximum: MAX_NODES_PER_POOL })),
    autoscaling: autoscalingSchema,
    labels: z
      .record(
        z.string().regex(LABEL_KEY, check('labelKey')),
        z.string().regex(LABEL_VALUE, check('labelValue')),
      )
      .default({}),
    taints: z.array(taintSchema).max(20).default([]),
  })
  .superRefine((pool, context) => {
    if (!pool.autoscaling.enabled) return
    if (pool.autoscaling.min > pool.autoscaling.max)
      context.addIssue({
        code: 'custom',
        path: ['autoscaling', 'min'],
        message: validationMessage('minimumAboveMaximum'),
      })
    if (pool.nodeCount < pool.autoscaling.min || pool.nodeCount > pool.autoscaling.max)
      context.addIssue({
        code: 'custom',
        path: ['nodeCount'],
        message: validationMessage('nodeCountOutsideRange'),
      })
  })

export const networkingSchema = z
  .object({
    cni: z.enum(CNI_PLUGINS),
    privateNetwork: z.boolean(),
    podCidr: cidrSchema,
    serviceCidr: cidrSchema,
    /** Who may reach the Kubernetes API; empty means anyone (authenticated). */
    apiAllowList: z.array(cidrSchema).max(50).default([]),
  })
  .superRefine((networking, context) => {
    if (
      isIpv4Cidr(networking.podCidr) &&
      isIpv4Cidr(networking.serviceCidr) &&
      cidrsOverlap(networking.podCidr, networking.serviceCidr)
    )
      context.addIssue({
        code: 'custom',
        path: ['serviceCidr'],
        message: validationMessage('cidrOverlap'),
      })
  })

export const maintenanceWindowSchema = z.object({
  day: z.enum(WEEKDAYS),
  /** Start hour, UTC; the window lasts MAINTENANCE_WINDOW_HOURS. */
  startHour: z.number().int().min(0).max(23),
  /** Patch releases of the cluster's minor version are applied in the window. */
  autoPatchUpgrades: z.boolean(),
})

export const clusterConfigurationSchema = z
  .object({
    name: clusterNameSchema,
    clusterTypeId: z.string().min(1, check('chooseClusterType')),
    dataCenterCode: z.string().min(1, check('chooseDataCenter')),
    kubernetesVersion: z.string().regex(/^\d+\.\d+$/, check('chooseKubernetesVersion')),
    nodePools: z
      .array(nodePoolSchema)
      .min(1, check('atLeastOnePool'))
      .max(MAX_NODE_POOLS, check('tooManyPools', { maximum: MAX_NODE_POOLS })),
    networking: networkingSchema,
    addOnIds: z.array(z.string().min(1)).max(20).default([]),
    maintenanceWindow: maintenanceWindowSchema.default({
      day: 'sunday',
      startHour: 2,
      autoPatchUpgrades: true,
    }),
  })
  .superRefine((configuration, context) => {
    const seen = new Set<string>()
    configuration.nodePools.forEach((pool, index) => {
      if (seen.has(pool.name))
        context.addIssue({
          code: 'custom',
          path: ['nodePools', index, 'name'],
          message: validationMessage('duplicatePoolName'),
        })
      seen.add(pool.name)
    })
    if (new Set(configuration.addOnIds).size !== configuration.addOnIds.length)
      context.addIssue({ code: 'custom', path: ['addOnIds'], message: validationMessage('duplicateAddOn') })
  })

export type Taint = z.infer<typeof taintSchema>
export type NodePoolConfiguration = z.infer<typeof nodePoolSchema>
export type NetworkingConfiguration = z.infer<typeof networkingSchema>
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>
export type ClusterConfiguration = z.infer<typeof clusterConfigurationSchema>
/** What the wizard holds while a person types: everything may still be missing. */
export type ClusterConfigurationInput = z.input<typeof clusterConfigurationSchema>

/** The price of a configuration, broken down as the wizard and the order show it (USD cents). */
export const priceBreakdownSchema = z.object({
  monthly: z.object({
    clusterTypeCents: z.number().int(),
    nodePools: z.array(z.object({ name: z.string(), cents: z.number().int() })),
    addOnsCents: z.number().int(),
    totalCents: z.number().int(),
  }),
  /** The monthly price as agreed (the promotion taken off) over 730 hours, in USD milli-cents at four decimals. */
  hourlyMillicents: z.number().int(),
  billingCycle: z.enum(BILLING_CYCLES),
  /** What the chosen cycle costs before the promotion. */
  subtotalCents: z.number().int(),
  promoCode: z.string().nullable(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  /** Why a code given was not applied, in words a person can act on; null when it applied or none was given. */
  promoMessage: z.string().nullable(),
})
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>

export const OPERATION_KINDS = ['create', 'scale', 'upgrade', 'hibernate', 'wake', 'delete'] as const
export type OperationKind = (typeof OPERATION_KINDS)[number]
export const OPERATION_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const
export const STEP_STATUSES = ['pending', 'running', 'succeeded', 'failed'] as const

/**
 * The steps of the provisioning engine: both drivers plan and run these, the API reports them and
 * the locale files name each (`clusters.steps`).
 */
export const PROVISIONING_STEPS = [
  'network',
  'control_plane',
  'node_pools',
  'add_ons',
  'health_check',
  'scale_pools',
  'wait_for_nodes',
  'upgrade_control_plane',
  'upgrade_nodes',
  'drain_nodes',
  'delete_resources',
  'release_network',
] as const
export type ProvisioningStep = (typeof PROVISIONING_STEPS)[number]

/** The steps of each operation, in order. */
export const OPERATION_STEPS = {
  create: ['network', 'control_plane', 'node_pools', 'add_ons', 'health_check'],
  scale: ['scale_pools', 'wait_for_nodes'],
  hibernate: ['scale_pools', 'wait_for_nodes'],
  wake: ['scale_pools', 'wait_for_nodes'],
  upgrade: ['upgrade_control_plane', 'upgrade_nodes'],
  delete: ['drain_nodes', 'delete_resources', 'release_network'],
} as const satisfies Record<OperationKind, readonly ProvisioningStep[]>

export function isProvisioningStep(name: string): name is ProvisioningStep {
  return (PROVISIONING_STEPS as readonly string[]).includes(name)
}

export const operationStepSchema = z.object({
  id: z.uuid(),
  name: z.enum(PROVISIONING_STEPS),
  status: z.enum(STEP_STATUSES),
  /** How long the step usually takes here (the driver's estimate), seconds. */
  estimatedSeconds: z.number(),
  startedAt: z.iso.datetime({ offset: true }).nullable(),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  message: z.string().nullable(),
})

export const operationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(OPERATION_KINDS),
  status: z.enum(OPERATION_STATUSES),
  /** 0–100, from the finished steps and the running one's share of its estimate. */
  progressPercent: z.number(),
  elapsedSeconds: z.number(),
  estimatedSecondsLeft: z.number(),
  error: z.string().nullable(),
  steps: z.array(operationStepSchema),
  createdAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
})
export type Operation = z.infer<typeof operationSchema>

export const NODE_STATUSES = ['provisioning', 'ready', 'draining', 'deleting'] as const
export type NodeStatus = (typeof NODE_STATUSES)[number]

export const clusterNodeSchema = z.object({
  name: z.string(),
  poolName: z.string(),
  internalIp: z.string(),
  kubeletVersion: z.string(),
  status: z.enum(NODE_STATUSES),
})

export const clusterSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(CLUSTER_STATUSES),
  statusReason: z.string().nullable(),
  clusterTypeId: z.string(),
  dataCenterCode: z.string(),
  kubernetesVersion: z.string(),
  nodeCount: z.number().int(),
  monthlyPriceCents: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
})
export type ClusterSummary = z.infer<typeof clusterSummarySchema>

export const clusterDetailSchema = clusterSummarySchema.extend({
  orderId: z.uuid().nullable(),
  configuration: clusterConfigurationSchema,
  /** Full patch version running, e.g. 1.36.6. */
  kubernetesPatch: z.string(),
  /** The next minor version this cluster may upgrade to, or null. */
  upgradeTo: z.string().nullable(),
  endpoint: z.string().nullable(),
  nodes: z.array(clusterNodeSchema),
  operation: operationSchema.nullable(),
  costThisMonthCents: z.number().int(),
  price: priceBreakdownSchema,
  /** Dev/Test and Sandbox clusters may hibernate. */
  canHibernate: z.boolean(),
  credentialsRotatedAt: z.iso.datetime({ offset: true }).nullable(),
})
export type ClusterDetail = z.infer<typeof clusterDetailSchema>

export const clusterEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  fromStatus: z.enum(CLUSTER_STATUSES).nullable(),
  toStatus: z.enum(CLUSTER_STATUSES).nullable(),
  message: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
})
export type ClusterEvent = z.infer<typeof clusterEventSchema>

export const clusterListQuerySchema = pageQuerySchema(50).extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(CLUSTER_STATUSES).optional(),
  type: z.string().max(40).optional(),
  sort: z.enum(CLUSTER_SORTS).default('created_desc'),
})

/** A pool's new size: at least one node (hibernation stops them all), inside its autoscaling bounds. */
export const scaleNodePoolSchema = z
  .object({
    nodeCount: z
      .number()
      .int()
      .min(1, check('poolKeepsOneNode'))
      .max(MAX_NODES_PER_POOL, check('tooManyNodes', { maximum: MAX_NODES_PER_POOL })),
    autoscaling: autoscalingSchema,
  })
  .superRefine((change, context) => {
    if (!change.autoscaling.enabled) return
    if (change.autoscaling.min > change.autoscaling.max)
      context.addIssue({
        code: 'custom',
        path: ['autoscaling', 'min'],
        message: validationMessage('minimumAboveMaximum'),
      })
    else if (change.nodeCount < change.autoscaling.min || change.nodeCount > change.autoscaling.max)
      context.addIssue({
        code: 'custom',
        path: ['nodeCount'],
        message: validationMessage('nodeCountOutsideRange'),
      })
  })
export type NodePoolChange = z.infer<typeof scaleNodePoolSchema>

/** The scale dialog as a person fills it in: counts typed as text, checked by the rules above. */
export const scaleNodePoolFormSchema = z
  .object({
    nodeCount: z.string(),
    autoscaling: z.object({ enabled: z.boolean(), min: z.string(), max: z.string() }),
  })
  .transform((typed) => {
    const nodeCount = typedCount(typed.nodeCount)
    const { enabled } = typed.autoscaling
    const min = typedCount(typed.autoscaling.min)
    const max = typedCount(typed.autoscaling.max)
    // The bounds of autoscaling that is off are kept as they are; sensible ones stand in for blanks.
    return {
      nodeCount,
      autoscaling: {
        enabled,
        min: enabled || Number.isFinite(min) ? min : 1,
        max: enabled || Number.isFinite(max) ? max : Math.max(nodeCount || 1, 1),
      },
    }
  })
  .pipe(scaleNodePoolSchema)

/** A count typed in a field: blank or not a number becomes NaN, which the schema names. */
function typedCount(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text)
}

export const upgradeRequestSchema = z.object({ version: z.string().regex(/^\d+\.\d+$/) })
export const deleteRequestSchema = z.object({ confirmName: z.string() })

/** The deletion dialog: the cluster's exact name, typed. */
export function deletionConfirmationSchema(clusterName: string) {
  return z.object({
    confirmName: z
      .string()
      .refine((typed) => typed.trim() === clusterName, check('deletionConfirmation', { name: clusterName })),
  })
}
/**
 * How long a kubeconfig's credential lives, chosen at download: a day for a quick look, a week by
 * default, at most a quarter. The token review refuses it afterwards.
 */
export const KUBECONFIG_LIFETIMES = ['1d', '7d', '30d', '90d'] as const
export type KubeconfigLifetime = (typeof KUBECONFIG_LIFETIMES)[number]
export const DEFAULT_KUBECONFIG_LIFETIME: KubeconfigLifetime = '7d'
export const KUBECONFIG_LIFETIME_DAYS: Record<KubeconfigLifetime, number> = {
  '1d': 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
}
const kubeconfigLifetimeSchema = z.enum(KUBECONFIG_LIFETIMES).default(DEFAULT_KUBECONFIG_LIFETIME)

/** POST /api/clusters/:id/kubeconfig: a new credential for the caller, living `lifetime`. */
export const kubeconfigRequestSchema = z.object({ lifetime: kubeconfigLifetimeSchema })
export type KubeconfigRequest = z.input<typeof kubeconfigRequestSchema>
export const mergedKubeconfigRequestSchema = z.object({
  clusterIds: z.array(z.uuid()).min(1).max(50),
  lifetime: kubeconfigLifetimeSchema,
})
export type MergedKubeconfigRequest = z.input<typeof mergedKubeconfigRequestSchema>

/** One of the person's live cluster credentials (a downloaded kubeconfig), never the token. */
export const clusterCredentialSchema = z.object({
  id: z.uuid(),
  clusterId: z.uuid(),
  clusterName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
})
export type ClusterCredential = z.infer<typeof clusterCredentialSchema>

export const clusterTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  configuration: clusterConfigurationSchema,
  createdAt: z.iso.datetime({ offset: true }),
})
export const TEMPLATE_NAME_MAX = 80
export const templateNameSchema = z
  .string()
  .trim()
  .min(1, check('templateNameRequired'))
  .max(TEMPLATE_NAME_MAX, check('tooLong', { maximum: TEMPLATE_NAME_MAX }))
export const newClusterTemplateSchema = z.object({
  name: templateNameSchema,
  configuration: clusterConfigurationSchema,
})

export { CLUSTER_SORTS, CLUSTER_STATUSES, type ClusterStatus }
