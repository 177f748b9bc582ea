import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm'
import {
  hourlyMillicentsOf,
  MILLICENTS_PER_CENT,
  nodePoolMonthlyCents,
  PROMO_CODE,
  promotedCents,
  promotedHourlyMillicents,
} from '#common/pricing.ts'
import type { UsageKind } from '#common/schemas/billing.ts'
import type { ClusterStatus } from '#common/schemas/clusters.ts'
import type { InstallationStatus } from '#common/schemas/installations.ts'
import type { Transaction } from '#server/db/client.ts'
import {
  addOns,
  billablePeriods,
  clusters,
  clusterTypes,
  installations,
  nodeFlavors,
  orders,
  organizations,
  supportPlans,
} from '#server/db/schema/index.ts'
import { lineDescription } from './line-descriptions.ts'

/**
 * What is billable, kept as periods (docs/decisions/016-billing.md): whenever a cluster changes
 * status or size, or an organization its support plan, the open periods that no longer match are
 * closed and new ones opened. Metering an hour then only reads the periods that overlapped it.
 */

/** A cluster is billed while it runs, including while it changes; not while it is built, asleep, failed or going. */
export const BILLABLE_STATUSES: readonly ClusterStatus[] = ['running', 'updating', 'scaling', 'hibernating']

export type BillableResource = {
  resourceKey: string
  kind: UsageKind
  clusterId: string | null
  description: string
  quantity: number
  hourlyMillicents: number
  monthlyCapMillicents: number
  billingCycle: 'monthly' | 'yearly'
}

/** The resources a cluster is billed for right now (none unless it is in a billable status). */
export async function billableResourcesOfCluster(
  tx: Transaction,
  clusterId: string,
): Promise<{ organizationId: string; resources: BillableResource[] } | undefined> {
  const [row] = await tx
    .select({
      cluster: clusters,
      typeName: clusterTypes.name,
      basePriceCents: clusterTypes.baseMonthlyPriceCents,
      billingCycle: sql<string | null>`${orders.price} ->> 'billingCycle'`,
      promoCode: sql<string | null>`${orders.price} ->> 'promoCode'`,
    })
    .from(clusters)
    .leftJoin(clusterTypes, eq(clusterTypes.id, clusters.clusterTypeId))
    .leftJoin(orders, eq(orders.id, clusters.orderId))
    .where(eq(clusters.id, clusterId))
  if (!row) return undefined
  const { cluster } = row
  const configuration = cluster.configuration
  if (!BILLABLE_STATUSES.includes(cluster.status) || !configuration)
    return { organizationId: cluster.organizationId, resources: [] }

  const billingCycle = row.billingCycle === 'yearly' ? 'yearly' : 'monthly'
  const flavorIds = [...new Set(configuration.nodePools.map((pool) => pool.flavorId))]
  const flavors = flavorIds.length
    ? await tx.select().from(nodeFlavors).where(inArray(nodeFlavors.id, flavorIds))
    : []
  const addOnRows = configuration.addOnIds.length
    ? await tx.select().from(addOns).where(inArray(addOns.id, configuration.addOnIds))
    : []

  // The prices agreed in the order: with PARIS, each of the cluster's resources 5% off, for as long
  // as it runs (the order's total is the sum of these), so every screen and document shows them.
  const promoted = row.promoCode === PROMO_CODE
  const monthly = (cents: number) => (promoted ? promotedCents(cents) : cents)
  const hourly = (millicents: number) => (promoted ? promotedHourlyMillicents(millicents) : millicents)
  const base = monthly(row.basePriceCents ?? 0)
  const resources: BillableResource[] = [
    {
      resourceKey: `control-plane:${cluster.id}`,
      kind: 'control_plane',
      clusterId: cluster.id,
      description: lineDescription.controlPlane(row.typeName ?? cluster.clusterTypeId),
      quantity: 1,
      hourlyMillicents: hourlyMillicentsOf(base),
      monthlyCapMillicents: base * MILLICENTS_PER_CENT,
      billingCycle,
    },
  ]
  for (const pool of configuration.nodePools) {
    const flavor = flavors.find((candidate) => candidate.id === pool.flavorId)
    if (!flavor) continue
    resources.push({
      resourceKey: `node-pool:${cluster.id}:${pool.name}`,
      kind: 'nodes',
      clusterId: cluster.id,
      description: lineDescription.nodePool(pool.name, pool.nodeCount, flavor.name),
      quantity: pool.nodeCount,
      hourlyMillicents: hourly(flavor.hourlyPriceMillicents) * pool.nodeCount,
      monthlyCapMillicents:
        monthly(nodePoolMonthlyCents(flavor.hourlyPriceMillicents, pool.nodeCount)) * MILLICENTS_PER_CENT,
      billingCycle,
    })
  }
  for (const addOn of addOnRows) {
    resources.push({
      resourceKey: `add-on:${cluster.id}:${addOn.id}`,
      kind: 'add_on',
      clusterId: cluster.id,
      description: lineDescription.addOn(addOn.name),
      quantity: 1,
      hourlyMillicents: hourlyMillicentsOf(monthly(addOn.monthlyPriceCents)),
      monthlyCapMillicents: monthly(addOn.monthlyPriceCents) * MILLICENTS_PER_CENT,
      billingCycle,
    })
  }
  return { organizationId: cluster.organizationId, resources }
}

/**
 * Brings a cluster's open periods in line with what it is billed for now, inside the transaction
 * that changed it: the provisioning engine calls this after every status or size change.
 */
export async function syncClusterMeter(tx: Transaction, clusterId: string, at: Date): Promise<void> {
  const billable = await billableResourcesOfCluster(tx, clusterId)
  if (!billable) return
  const open = await tx
    .select()
    .from(billablePeriods)
    .where(and(eq(billablePeriods.clusterId, clusterId), isNull(billablePeriods.endedAt)))
  await reconcilePeriods(tx, billable.organizationId, open, billable.resources, at)
}

/** A product is billed while it is installed, including while it changes; not once removed or failed. */
export const BILLABLE_INSTALLATION_STATUSES: readonly InstallationStatus[] = [
  'installed',
  'upgrading',
  'reconfiguring',
]

/**
 * The same for an installation: one resource at its monthly price (capped like an add-on's),
 * billed to the installation's cluster from the hour it is installed to the hour it is removed.
 * An add-on chosen in the cluster's wizard stays part of the cluster's bill until it is removed.
 */
export async function syncInstallationMeter(
  tx: Transaction,
  installationId: string,
  at: Date,
): Promise<void> {
  const [row] = await tx
    .select({
      installation: installations,
      addOnIds: sql<string[] | null>`${clusters.configuration} -> 'addOnIds'`,
    })
    .from(installations)
    .innerJoin(clusters, eq(clusters.id, installations.clusterId))
    .where(eq(installations.id, installationId))
  if (!row) return
  const { installation } = row
  // An add-on chosen with the cluster is billed with it (its configuration's add-ons) until removed.
  const billedWithCluster =
    installation.productKind === 'add_on' && (row.addOnIds ?? []).includes(installation.productId)
  const resourceKey = `installation:${installation.id}`
  const resources: BillableResource[] =
    BILLABLE_INSTALLATION_STATUSES.includes(installation.status) && !billedWithCluster
      ? [
          {
            resourceKey,
            kind: installation.productKind === 'add_on' ? 'add_on' : 'middleware',
            clusterId: installation.clusterId,
            description: lineDescription.installation(
              installation.productName,
              installation.planId,
              installation.namespace,
            ),
            quantity: 1,
            hourlyMillicents: hourlyMillicentsOf(installation.monthlyPriceCents),
            monthlyCapMillicents: installation.monthlyPriceCents * MILLICENTS_PER_CENT,
            billingCycle: 'monthly',
          },
        ]
      : []
  const open = await tx
    .select()
    .from(billablePeriods)
    .where(and(eq(billablePeriods.resourceKey, resourceKey), isNull(billablePeriods.endedAt)))
  await reconcilePeriods(tx, installation.organizationId, open, resources, at)
}

/** The same for an organization's support plan (a free plan bills nothing). */
export async function syncSupportPlanMeter(tx: Transaction, organizationId: string, at: Date): Promise<void> {
  const [row] = await tx
    .select({ plan: supportPlans })
    .from(organizations)
    .innerJoin(supportPlans, eq(supportPlans.id, organizations.supportPlanId))
    .where(eq(organizations.id, organizationId))
  const resources: BillableResource[] =
    row && row.plan.monthlyPriceCents > 0
      ? [
          {
            resourceKey: `support-plan:${organizationId}`,
            kind: 'support_plan',
            clusterId: null,
            description: lineDescription.supportPlan(row.plan.name),
            quantity: 1,
            hourlyMillicents: hourlyMillicentsOf(row.plan.monthlyPriceCents),
            monthlyCapMillicents: row.plan.monthlyPriceCents * MILLICENTS_PER_CENT,
            billingCycle: 'monthly',
          },
        ]
      : []
  const open = await tx
    .select()
    .from(billablePeriods)
    .where(
      and(
        eq(billablePeriods.organizationId, organizationId),
        like(billablePeriods.resourceKey, 'support-plan:%'),
        isNull(billablePeriods.endedAt),
      ),
    )
  await reconcilePeriods(tx, organizationId, open, resources, at)
}

async function reconcilePeriods(
  tx: Transaction,
  organizationId: string,
  open: (typeof billablePeriods.$inferSelect)[],
  wanted: BillableResource[],
  at: Date,
): Promise<void> {
  const unchanged = new Set<string>()
  for (const period of open) {
    const match = wanted.find((resource) => resource.resourceKey === period.resourceKey)
    if (match && sameTerms(period, match)) {
      unchanged.add(period.resourceKey)
      continue
    }
    await tx.update(billablePeriods).set({ endedAt: at }).where(eq(billablePeriods.id, period.id))
  }
  const fresh = wanted.filter((resource) => !unchanged.has(resource.resourceKey))
  if (fresh.length > 0)
    await tx
      .insert(billablePeriods)
      .values(fresh.map((resource) => ({ ...resource, organizationId, startedAt: at })))
}

function sameTerms(period: typeof billablePeriods.$inferSelect, resource: BillableResource): boolean {
  return (
    period.quantity === resource.quantity &&
    period.hourlyMillicents === resource.hourlyMillicents &&
    period.monthlyCapMillicents === resource.monthlyCapMillicents &&
    period.billingCycle === resource.billingCycle &&
    period.description === resource.description
  )
}
