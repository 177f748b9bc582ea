import {
  applyPromoCode,
  type BillingCycle,
  cyclePriceCents,
  hourlyMillicentsOf,
  monthlyPrice,
  promotedCents,
} from './pricing.ts'
import type { Catalog } from './schemas/catalog.ts'
import type { ClusterConfiguration, PriceBreakdown } from './schemas/clusters.ts'
import { validationMessage } from './validation-messages.ts'

/**
 * The rules of a cluster configuration that depend on the catalog, shared by the wizard (as you
 * type) and the server (the one that decides). Each issue names the field at fault.
 */

export type ConfigurationIssue = { path: (string | number)[]; message: string }

/** Data centers with these certifications host only the cluster types that carry them. */
export const RESTRICTED_COMPLIANCE_TAGS = ['HDS', 'SecNumCloud'] as const
/** The one cluster type allowed in HDS and SecNumCloud data centers. */
export const COMPLIANT_CLUSTER_TYPE_ID = 'red'
/** Cluster types that may hibernate (nodes scaled to zero, billing paused). */
export const HIBERNATING_CLUSTER_TYPE_IDS = ['orange', 'sandbox'] as const

export const PROMO_MESSAGES = {
  unknown_code: 'This promo code does not exist.',
  not_first_paid_order: 'The code PARIS is valid for your organization’s first purchase only.',
  nothing_to_pay: 'There is nothing to discount on this order.',
} as const

type CatalogForRules = Pick<
  Catalog,
  'clusterTypes' | 'dataCenters' | 'nodeFlavors' | 'kubernetesVersions' | 'addOns'
>

/**
 * What a data center offers a new order now, read from its availability and its capacity: the one
 * reading every page shows (the home page, the wizard, the estimator). `coming_soon` and `full`
 * take no order.
 */
export type DataCenterState = 'available' | 'limited' | 'coming_soon' | 'full'

export function dataCenterState(center: {
  availability: 'available' | 'limited' | 'coming_soon'
  capacityStatus: 'normal' | 'constrained' | 'full'
}): DataCenterState {
  if (center.availability === 'coming_soon') return 'coming_soon'
  if (center.capacityStatus === 'full') return 'full'
  if (center.availability === 'limited' || center.capacityStatus === 'constrained') return 'limited'
  return 'available'
}

/** Whether a data center takes new orders now. */
export function takesOrders(center: Parameters<typeof dataCenterState>[0]): boolean {
  const state = dataCenterState(center)
  return state === 'available' || state === 'limited'
}

export function needsRestrictedCompliance(dataCenter: { complianceTags: readonly string[] }): boolean {
  return restrictedComplianceTagsOf(dataCenter).length > 0
}

/** The certifications of a data center that limit it to the compliant cluster type (HDS, SecNumCloud). */
export function restrictedComplianceTagsOf(dataCenter: { complianceTags: readonly string[] }): string[] {
  return dataCenter.complianceTags.filter((tag) =>
    (RESTRICTED_COMPLIANCE_TAGS as readonly string[]).includes(tag),
  )
}

export function configurationIssues(
  configuration: ClusterConfiguration,
  catalog: CatalogForRules,
  options: { today?: string } = {},
): ConfigurationIssue[] {
  const issues: ConfigurationIssue[] = []
  const clusterType = catalog.clusterTypes.find((type) => type.id === configuration.clusterTypeId)
  if (!clusterType) issues.push({ path: ['clusterTypeId'], message: validationMessage('unknownClusterType') })

  const dataCenter = catalog.dataCenters.find((center) => center.code === configuration.dataCenterCode)
  if (!dataCenter) issues.push({ path: ['dataCenterCode'], message: validationMessage('unknownDataCenter') })
  else if (dataCenter.availability === 'coming_soon' || dataCenter.capacityStatus === 'full')
    issues.push({
      path: ['dataCenterCode'],
      message: validationMessage('dataCenterClosed', { name: dataCenter.name }),
    })
  else if (needsRestrictedCompliance(dataCenter) && configuration.clusterTypeId !== COMPLIANT_CLUSTER_TYPE_ID)
    issues.push({
      path: ['dataCenterCode'],
      message: validationMessage('dataCenterRestricted', { name: dataCenter.name }),
    })

  const version = catalog.kubernetesVersions.find(
    (entry) => entry.version === configuration.kubernetesVersion,
  )
  const today = options.today ?? new Date().toISOString().slice(0, 10)
  if (!version)
    issues.push({ path: ['kubernetesVersion'], message: validationMessage('unknownKubernetesVersion') })
  else if (version.endOfLifeDate < today)
    issues.push({
      path: ['kubernetesVersion'],
      message: validationMessage('kubernetesVersionEndOfLife', { version: version.version }),
    })

  configuration.nodePools.forEach((pool, index) => {
    const flavor = catalog.nodeFlavors.find((entry) => entry.id === pool.flavorId)
    if (!flavor)
      issues.push({ path: ['nodePools', index, 'flavorId'], message: validationMessage('unknownFlavor') })
    else if (clusterType && !clusterType.allowedFlavorIds.includes(flavor.id))
      issues.push({
        path: ['nodePools', index, 'flavorId'],
        message: validationMessage('flavorNotAllowed', { flavor: flavor.name, type: clusterType.name }),
      })
  })

  configuration.addOnIds.forEach((addOnId, index) => {
    if (!catalog.addOns.some((addOn) => addOn.id === addOnId))
      issues.push({ path: ['addOnIds', index], message: validationMessage('unknownAddOn') })
  })
  return issues
}

/**
 * The price of a configuration, broken down by control plane, node pools and add-ons, for a
 * billing cycle and with the promotion applied. Throws on ids the catalog lacks: check
 * `configurationIssues` first.
 */
export function priceConfiguration(
  configuration: Pick<ClusterConfiguration, 'clusterTypeId' | 'nodePools' | 'addOnIds'>,
  catalog: CatalogForRules,
  options: { billingCycle: BillingCycle; promoCode: string | null; isFirstPaidOrder: boolean },
): PriceBreakdown {
  const clusterType = catalog.clusterTypes.find((type) => type.id === configuration.clusterTypeId)
  if (!clusterType) throw new Error(`Unknown cluster type ${configuration.clusterTypeId}`)
  const pools = configuration.nodePools.map((pool) => {
    const flavor = catalog.nodeFlavors.find((entry) => entry.id === pool.flavorId)
    if (!flavor) throw new Error(`Unknown node flavor ${pool.flavorId}`)
    return { name: pool.name, flavor, nodeCount: pool.nodeCount }
  })
  const addOns = configuration.addOnIds.map((id) => {
    const addOn = catalog.addOns.find((entry) => entry.id === id)
    if (!addOn) throw new Error(`Unknown add-on ${id}`)
    return addOn
  })
  const monthly = monthlyPrice({ clusterType, nodePools: pools, addOns })
  const subtotalCents = cyclePriceCents(monthly.totalCents, options.billingCycle)
  // The promotion is taken off each resource's price, the one each is then billed at.
  const components = [
    monthly.clusterTypeCents,
    ...monthly.nodePoolCents,
    ...addOns.map((addOn) => addOn.monthlyPriceCents),
  ]
  const promo = applyPromoCode({
    code: options.promoCode,
    subtotalCents,
    componentsCents: components.map((cents) => cyclePriceCents(cents, options.billingCycle)),
    isFirstPaidOrder: options.isFirstPaidOrder,
  })
  const agreedMonthlyCents = promo.appliedCode
    ? components.reduce((total, cents) => total + promotedCents(cents), 0)
    : monthly.totalCents
  return {
    monthly: {
      clusterTypeCents: monthly.clusterTypeCents,
      nodePools: pools.map((pool, index) => ({ name: pool.name, cents: monthly.nodePoolCents[index] ?? 0 })),
      addOnsCents: monthly.addOnsCents,
      totalCents: monthly.totalCents,
    },
    hourlyMillicents: hourlyMillicentsOf(agreedMonthlyCents),
    billingCycle: options.billingCycle,
    subtotalCents,
    promoCode: promo.appliedCode,
    discountCents: promo.discountCents,
    totalCents: promo.totalCents,
    promoMessage: promo.rejection ? PROMO_MESSAGES[promo.rejection] : null,
  }
}

/** The minor version after `version` that the catalog offers, if any ("1.35" → "1.36"). */
export function nextMinorVersion(version: string, offered: readonly { version: string }[]): string | null {
  const [major, minor] = version.split('.').map(Number)
  const next = `${major}.${(minor ?? 0) + 1}`
  return offered.some((entry) => entry.version === next) ? next : null
}
