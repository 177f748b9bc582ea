import { eq } from 'drizzle-orm'
import { priceConfiguration } from '#common/cluster-rules.ts'
import type { BillingCycle } from '#common/pricing.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import {
  type ClusterConfiguration,
  DEFAULT_POD_CIDR,
  DEFAULT_SERVICE_CIDR,
} from '#common/schemas/clusters.ts'
import type { Transaction } from '#server/db/client.ts'
import { clusters, orderReferenceSequence, orders } from '#server/db/schema/index.ts'
import { syncClusterMeter } from '#server/modules/billing/index.ts'
import { nextReference } from '#server/modules/orders/index.ts'
import { provisionAtOnce } from '#server/provisioning/index.ts'

/**
 * A running cluster with its fulfilled order (the cycle and promo code invoices read), built by the
 * provisioning engine's steps at once so that it was running from `since` (its nodes, endpoint,
 * certificate authority and events as any other), and billed from then: for demo data and for
 * tests that need known hours. The catalog is read before the transaction (its reads run side by
 * side, on the pool).
 */
export async function insertRunningCluster(
  tx: Transaction,
  organizationId: string,
  configuration: ClusterConfiguration,
  options: {
    since: Date
    catalog: Catalog
    /** Seals the cluster's certificate authority key, as the engine does. */
    secretsKey: Buffer
    billingCycle?: BillingCycle
    promoCode?: string | null
  },
) {
  const promoCode = options.promoCode ?? null
  const price = priceConfiguration(configuration, options.catalog, {
    billingCycle: options.billingCycle ?? 'monthly',
    promoCode,
    isFirstPaidOrder: true,
  })
  const [cluster] = await tx
    .insert(clusters)
    .values({
      organizationId,
      name: configuration.name,
      status: 'running',
      clusterTypeId: configuration.clusterTypeId,
      dataCenterCode: configuration.dataCenterCode,
      kubernetesVersion: configuration.kubernetesVersion,
      kubernetesPatch: '1.36.6',
      configuration,
      driver: 'simulated',
      // The monthly price as agreed, the promotion taken off, as an order's fulfilment records it.
      monthlyPriceCents: priceConfiguration(configuration, options.catalog, {
        billingCycle: 'monthly',
        promoCode,
        isFirstPaidOrder: true,
      }).totalCents,
      createdAt: options.since,
    })
    .returning()
  const [order] = await tx
    .insert(orders)
    .values({
      // The same numbering as every order placed: ORD-2026-000123.
      reference: await nextReference(tx, orderReferenceSequence, 'ORD'),
      organizationId,
      status: 'fulfilled',
      configuration,
      clusterId: cluster!.id,
      promoCode,
      price,
      // What the order came to, as a placed order records it: the first purchase of the organization.
      totalCents: price.totalCents,
      createdAt: options.since,
    })
    .returning()
  await tx.update(clusters).set({ orderId: order!.id }).where(eq(clusters.id, cluster!.id))
  await provisionAtOnce(tx, cluster!, { at: options.since, secretsKey: options.secretsKey })
  await syncClusterMeter(tx, cluster!.id, options.since)
  return cluster!
}

type PoolShape = { name: string; flavorId: string; nodeCount: number }

/** A plain configuration of the catalog: fixed-size pools, Cilium, private network. */
export function plainConfiguration(
  name: string,
  options: { clusterTypeId?: string; pools?: PoolShape[]; addOnIds?: string[] } = {},
): ClusterConfiguration {
  const pools = options.pools ?? [
    { name: 'web', flavorId: 'gp-2-8', nodeCount: 3 },
    { name: 'jobs', flavorId: 'gp-4-16', nodeCount: 2 },
  ]
  return {
    name,
    clusterTypeId: options.clusterTypeId ?? 'blue',
    dataCenterCode: 'de-fra-1',
    kubernetesVersion: '1.36',
    nodePools: pools.map((pool) => ({
      ...pool,
      autoscaling: { enabled: false, min: pool.nodeCount, max: pool.nodeCount },
      labels: {},
      taints: [],
    })),
    networking: {
      cni: 'cilium',
      privateNetwork: true,
      podCidr: DEFAULT_POD_CIDR,
      serviceCidr: DEFAULT_SERVICE_CIDR,
      apiAllowList: [],
    },
    addOnIds: options.addOnIds ?? ['monitoring'],
    maintenanceWindow: { day: 'sunday', startHour: 2, autoPatchUpgrades: true },
  }
}
