import { type ConfigurationIssue, PROMO_MESSAGES } from './cluster-rules.ts'
import { applyPromoCode, hourlyMillicentsOf } from './pricing.ts'
import type { Catalog } from './schemas/catalog.ts'
import type { ClusterConfiguration, PriceBreakdown } from './schemas/clusters.ts'
import type { Product } from './schemas/products.ts'
import { validationMessage } from './validation-messages.ts'

/**
 * The rules of installing a product on a cluster that depend on the catalog, shared by the
 * install form (as you choose) and the server (the one that decides): the plan and version
 * exist, the cluster's type and Kubernetes version fit, and its nodes have room for it.
 */

export const NAMESPACE_PATTERN = /^[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/
/** What the system (kubelet, CNI, the agents) keeps of each node, out of what pods may use. */
export const NODE_RESERVED_SHARE = 0.1

export type Footprint = { cpuMillicores: number; memoryMib: number }

/** What a product takes from the cluster: its plan's size times replicas, plus its own overhead. */
export function productFootprint(product: Product, planId: string | null): Footprint {
  const plan = product.plans.find((entry) => entry.id === planId)
  return {
    cpuMillicores: product.requirements.cpuMillicores + (plan ? plan.cpuMillicores * plan.replicas : 0),
    memoryMib: product.requirements.memoryMib + (plan ? plan.memoryMib * plan.replicas : 0),
  }
}

/** What the cluster's nodes offer to workloads, after the system's share of each node. */
export function clusterCapacity(
  nodePools: ClusterConfiguration['nodePools'],
  flavors: Catalog['nodeFlavors'],
): Footprint {
  let cpuMillicores = 0
  let memoryMib = 0
  for (const pool of nodePools) {
    const flavor = flavors.find((entry) => entry.id === pool.flavorId)
    if (!flavor) continue
    cpuMillicores += flavor.vcpu * 1_000 * pool.nodeCount
    memoryMib += flavor.ramGib * 1_024 * pool.nodeCount
  }
  const usable = 1 - NODE_RESERVED_SHARE
  return { cpuMillicores: Math.floor(cpuMillicores * usable), memoryMib: Math.floor(memoryMib * usable) }
}

/** "1.34" before "1.36": Kubernetes minor versions compared as numbers. */
export function compareVersions(left: string, right: string): number {
  const a = left.split('.').map(Number)
  const b = right.split('.').map(Number)
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0)
    if (difference !== 0) return difference
  }
  return 0
}

/**
 * The price of a product order, in the breakdown cluster orders use: its monthly price (the first
 * month is the order's total), less PARIS on an organization's first paid order.
 */
export function priceProduct(
  monthlyCents: number,
  options: { promoCode: string | null; isFirstPaidOrder: boolean },
): PriceBreakdown {
  const promo = applyPromoCode({
    code: options.promoCode,
    subtotalCents: monthlyCents,
    isFirstPaidOrder: options.isFirstPaidOrder,
  })
  return {
    monthly: { clusterTypeCents: 0, nodePools: [], addOnsCents: monthlyCents, totalCents: monthlyCents },
    hourlyMillicents: hourlyMillicentsOf(promo.totalCents),
    billingCycle: 'monthly',
    subtotalCents: monthlyCents,
    promoCode: promo.appliedCode,
    discountCents: promo.discountCents,
    totalCents: promo.totalCents,
    promoMessage: promo.rejection ? PROMO_MESSAGES[promo.rejection] : null,
  }
}

/** The monthly price of a product in a plan (USD cents): the plan's, or the product's own. */
export function productMonthlyPriceCents(product: Product, planId: string | null): number {
  return product.plans.find((plan) => plan.id === planId)?.monthlyPriceCents ?? product.monthlyPriceCents
}

export type InstallTarget = {
  clusterTypeId: string
  kubernetesVersion: string
  status: string
  nodePools: ClusterConfiguration['nodePools']
}

/**
 * Whether the product runs on this cluster at all: it is running, of an allowed type and recent
 * enough. The install form offers only clusters without such issues (and says why for the others).
 */
export function clusterCompatibilityIssues(
  product: Product,
  cluster: Pick<InstallTarget, 'clusterTypeId' | 'kubernetesVersion' | 'status'>,
  catalog: Pick<Catalog, 'clusterTypes'>,
): ConfigurationIssue[] {
  const issues: ConfigurationIssue[] = []
  const names = { product: product.name }
  if (cluster.status !== 'running')
    issues.push({ path: ['clusterId'], message: validationMessage('productClusterState') })
  const allowed = product.requirements.clusterTypeIds
  if (allowed && !allowed.includes(cluster.clusterTypeId)) {
    const type = catalog.clusterTypes.find((entry) => entry.id === cluster.clusterTypeId)
    issues.push({
      path: ['clusterId'],
      message: validationMessage('productClusterType', {
        ...names,
        type: type?.name ?? cluster.clusterTypeId,
      }),
    })
  }
  if (compareVersions(cluster.kubernetesVersion, product.requirements.minKubernetesVersion) < 0)
    issues.push({
      path: ['clusterId'],
      message: validationMessage('productKubernetesVersion', {
        ...names,
        version: product.requirements.minKubernetesVersion,
      }),
    })
  return issues
}

/** Why the product cannot go onto this cluster as asked; none when it can. */
export function installIssues(
  input: {
    product: Product
    planId: string | null
    version: string
    namespace: string
    cluster: InstallTarget
    /** What the products already on the cluster take. */
    installed: Footprint[]
  },
  catalog: Pick<Catalog, 'clusterTypes' | 'nodeFlavors'>,
): ConfigurationIssue[] {
  const { product, cluster } = input
  const issues: ConfigurationIssue[] = []
  const names = { product: product.name }
  if (product.plans.length > 0 && !product.plans.some((plan) => plan.id === input.planId))
    issues.push({ path: ['planId'], message: validationMessage('unknownProductPlan', names) })
  if (!product.versions.some((entry) => entry.version === input.version))
    issues.push({
      path: ['version'],
      message: validationMessage('unknownProductVersion', { ...names, version: input.version }),
    })
  if (!NAMESPACE_PATTERN.test(input.namespace))
    issues.push({ path: ['namespace'], message: validationMessage('namespaceFormat') })

  issues.push(...clusterCompatibilityIssues(product, cluster, catalog))
  if (issues.length > 0) return issues

  const capacity = clusterCapacity(cluster.nodePools, catalog.nodeFlavors)
  const needed = productFootprint(product, input.planId)
  const used = input.installed.reduce(
    (total, footprint) => ({
      cpuMillicores: total.cpuMillicores + footprint.cpuMillicores,
      memoryMib: total.memoryMib + footprint.memoryMib,
    }),
    { cpuMillicores: 0, memoryMib: 0 },
  )
  const shortCpu = Math.max(0, used.cpuMillicores + needed.cpuMillicores - capacity.cpuMillicores)
  const shortMemory = Math.max(0, used.memoryMib + needed.memoryMib - capacity.memoryMib)
  if (shortCpu > 0 || shortMemory > 0)
    issues.push({
      // The node pools are what is short: the install form offers to scale one.
      path: ['nodePools'],
      message: validationMessage('productCapacity', {
        ...names,
        cpu: Math.ceil(shortCpu / 100) / 10,
        memory: Math.ceil(shortMemory / 102.4) / 10,
      }),
    })
  return issues
}
