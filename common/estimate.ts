import { z } from 'zod'
import {
  COMPLIANT_CLUSTER_TYPE_ID,
  needsRestrictedCompliance,
  priceConfiguration,
  takesOrders,
} from './cluster-rules.ts'
import { type BillingCycle, cyclePriceCents } from './pricing.ts'
import type { Catalog } from './schemas/catalog.ts'
import {
  type ClusterConfiguration,
  clusterConfigurationSchema,
  DEFAULT_POD_CIDR,
  DEFAULT_SERVICE_CIDR,
  MAX_NODE_POOLS,
  MAX_NODES_PER_POOL,
} from './schemas/clusters.ts'
import { decodeUrlJson, encodeUrlJson } from './url-json.ts'

/**
 * The price estimator's model: several clusters (type, data center, pools, add-ons) and a support
 * plan, priced with the same rules as orders, kept in the page's address so it can be shared.
 */

export const MAX_ESTIMATE_CLUSTERS = 10
const MONTHS_PER_YEAR = 12

const id = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/)
export const estimateSchema = z.object({
  clusters: z
    .array(
      z.object({
        clusterTypeId: id,
        dataCenterCode: id,
        pools: z
          .array(z.object({ flavorId: id, nodeCount: z.number().int().min(1).max(MAX_NODES_PER_POOL) }))
          .min(1)
          .max(MAX_NODE_POOLS),
        addOnIds: z.array(id).max(20),
      }),
    )
    .min(1)
    .max(MAX_ESTIMATE_CLUSTERS),
  supportPlanId: id,
})
export type Estimate = z.infer<typeof estimateSchema>
export type EstimateCluster = Estimate['clusters'][number]

type EstimateCatalog = Pick<
  Catalog,
  'clusterTypes' | 'dataCenters' | 'nodeFlavors' | 'addOns' | 'supportPlans' | 'kubernetesVersions'
>

/** The data centers a cluster type may be ordered in now. */
export function openDataCenters(catalog: EstimateCatalog) {
  return catalog.dataCenters.filter(takesOrders)
}

/**
 * Whether a cluster type may run in a data center: HDS and SecNumCloud data centers take the
 * compliant type only (the rule the order's validation applies).
 */
export function typeMayUse(clusterTypeId: string, center: { complianceTags: readonly string[] }): boolean {
  return clusterTypeId === COMPLIANT_CLUSTER_TYPE_ID || !needsRestrictedCompliance(center)
}

/** The open data centers a cluster type may be ordered in. */
export function usableDataCenters(catalog: EstimateCatalog, clusterTypeId: string) {
  return openDataCenters(catalog).filter((center) => typeMayUse(clusterTypeId, center))
}

/**
 * A first cluster of the catalog's first type: three nodes of its smallest flavor, in the first
 * open data center the type may use.
 */
export function newEstimateCluster(catalog: EstimateCatalog, clusterTypeId?: string): EstimateCluster {
  const type = catalog.clusterTypes.find((entry) => entry.id === clusterTypeId) ?? catalog.clusterTypes[0]!
  const flavor = catalog.nodeFlavors.find((entry) => type.allowedFlavorIds.includes(entry.id))
  const center = usableDataCenters(catalog, type.id)[0]
  return {
    clusterTypeId: type.id,
    dataCenterCode: center?.code ?? '',
    pools: [{ flavorId: flavor?.id ?? '', nodeCount: 3 }],
    addOnIds: [],
  }
}

export function defaultEstimate(catalog: EstimateCatalog): Estimate {
  return { clusters: [newEstimateCluster(catalog)], supportPlanId: catalog.supportPlans[0]?.id ?? 'basic' }
}

/**
 * Keeps what the catalog knows: a flavor the type does not allow becomes the type's first, an
 * unknown add-on is dropped, an unknown type, or a data center the type may not use, takes the
 * defaults.
 */
export function fitToCatalog(estimate: Estimate, catalog: EstimateCatalog): Estimate {
  const clusters = estimate.clusters.map((cluster) => {
    const type = catalog.clusterTypes.find((entry) => entry.id === cluster.clusterTypeId)
    const fallback = newEstimateCluster(catalog, type?.id)
    const allowed = catalog.nodeFlavors.filter((flavor) =>
      (type ?? catalog.clusterTypes[0]!).allowedFlavorIds.includes(flavor.id),
    )
    return {
      clusterTypeId: fallback.clusterTypeId,
      dataCenterCode: usableDataCenters(catalog, fallback.clusterTypeId).some(
        (center) => center.code === cluster.dataCenterCode,
      )
        ? cluster.dataCenterCode
        : fallback.dataCenterCode,
      pools: cluster.pools.map((pool) => ({
        flavorId: allowed.some((flavor) => flavor.id === pool.flavorId)
          ? pool.flavorId
          : (allowed[0]?.id ?? ''),
        nodeCount: pool.nodeCount,
      })),
      addOnIds: [...new Set(cluster.addOnIds)].filter((addOnId) =>
        catalog.addOns.some((addOn) => addOn.id === addOnId),
      ),
    }
  })
  const supportPlanId = catalog.supportPlans.some((plan) => plan.id === estimate.supportPlanId)
    ? estimate.supportPlanId
    : (catalog.supportPlans[0]?.id ?? estimate.supportPlanId)
  return { clusters, supportPlanId }
}

export type EstimatePrice = {
  clusters: { monthlyCents: number; cycleCents: number }[]
  supportMonthlyCents: number
  /** What a month costs, clusters and support. */
  monthlyCents: number
  /** What the chosen cycle costs: a month, or a year (clusters ten months, support twelve). */
  cycleCents: number
}

/** The estimate's price in USD cents, list prices (no promotion), for a billing cycle. */
export function priceEstimate(
  estimate: Estimate,
  catalog: EstimateCatalog,
  cycle: BillingCycle,
): EstimatePrice {
  const clusters = estimate.clusters.map((cluster) => {
    const price = priceConfiguration(
      { clusterTypeId: cluster.clusterTypeId, nodePools: poolsOf(cluster), addOnIds: cluster.addOnIds },
      catalog,
      { billingCycle: cycle, promoCode: null, isFirstPaidOrder: false },
    )
    return {
      monthlyCents: price.monthly.totalCents,
      cycleCents: cyclePriceCents(price.monthly.totalCents, cycle),
    }
  })
  const supportMonthlyCents =
    catalog.supportPlans.find((plan) => plan.id === estimate.supportPlanId)?.monthlyPriceCents ?? 0
  const clustersMonthly = clusters.reduce((total, cluster) => total + cluster.monthlyCents, 0)
  const clustersCycle = clusters.reduce((total, cluster) => total + cluster.cycleCents, 0)
  return {
    clusters,
    supportMonthlyCents,
    monthlyCents: clustersMonthly + supportMonthlyCents,
    cycleCents: clustersCycle + supportMonthlyCents * (cycle === 'yearly' ? MONTHS_PER_YEAR : 1),
  }
}

function poolsOf(cluster: EstimateCluster): ClusterConfiguration['nodePools'] {
  return cluster.pools.map((pool, index) => ({
    name: `pool-${index + 1}`,
    flavorId: pool.flavorId,
    nodeCount: pool.nodeCount,
    autoscaling: { enabled: false, min: pool.nodeCount, max: pool.nodeCount },
    labels: {},
    taints: [],
  }))
}

/** The whole configuration the wizard opens for one estimated cluster ("order this"). */
export function estimateConfiguration(
  cluster: EstimateCluster,
  position: number,
  catalog: EstimateCatalog,
): ClusterConfiguration | null {
  const version = catalog.kubernetesVersions.find((entry) => entry.isDefault) ?? catalog.kubernetesVersions[0]
  const parsed = clusterConfigurationSchema.safeParse({
    name: `estimate-${cluster.clusterTypeId}-${position + 1}`,
    clusterTypeId: cluster.clusterTypeId,
    dataCenterCode: cluster.dataCenterCode,
    kubernetesVersion: version?.version,
    nodePools: poolsOf(cluster),
    networking: {
      cni: 'cilium',
      privateNetwork: true,
      podCidr: DEFAULT_POD_CIDR,
      serviceCidr: DEFAULT_SERVICE_CIDR,
      apiAllowList: [],
    },
    addOnIds: cluster.addOnIds,
    maintenanceWindow: { day: 'sunday', startHour: 2, autoPatchUpgrades: true },
  })
  return parsed.success ? parsed.data : null
}

/** The estimate as URL-safe text, and back; a bad text is null. */
export function encodeEstimate(estimate: Estimate): string {
  return encodeUrlJson(estimate)
}

export function decodeEstimate(text: string): Estimate | null {
  const parsed = estimateSchema.safeParse(decodeUrlJson(text))
  return parsed.success ? parsed.data : null
}
