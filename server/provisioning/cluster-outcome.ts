import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm'
import { monthlyPrice } from '#common/pricing.ts'
import type { ClusterConfiguration, ClusterStatus } from '#common/schemas/clusters.ts'
import type { ServerContext } from '#server/context.ts'
import type { Transaction } from '#server/db/client.ts'
import {
  addOns,
  type Cluster,
  type ClusterOperation,
  type ClusterStep,
  clusterNodes,
  clusters,
  clusterTypes,
  installations,
  nodeFlavors,
  orders,
} from '#server/db/schema/index.ts'
import type { UnitOfWork } from '#server/db/transaction.ts'
import { sealSecret } from '#server/lib/secrets.ts'
import { recordEvent, tellRequester } from './announcements.ts'
import type { DriverNode, StepOutcome, UpgradeParameters } from './driver.ts'
import { recordInstalledProduct } from './installed-products.ts'
import { finishedMessage, OPERATION_NAMES, RESTING_STATUS, stepLabel } from './lifecycle.ts'
import { applyScale, configurationOf, poolsOf } from './operation-parameters.ts'

/**
 * How a cluster's operation ends, and what its finished steps leave on it: the cluster adapter's
 * side of an outcome (server/provisioning/cluster-subject.ts).
 */

/**
 * The last step is done (the operation is marked succeeded): the cluster takes the operation's
 * changes and rests in its new status, which it says.
 */
export async function finishClusterOperation(
  uow: UnitOfWork,
  ctx: ServerContext,
  { subject: cluster, operation }: { subject: Cluster; operation: ClusterOperation },
  now: Date,
): Promise<ClusterStatus> {
  const { tx } = uow
  const { metering } = ctx.provisioningHooks
  const status = RESTING_STATUS[operation.kind]
  const changes: Partial<typeof clusters.$inferInsert> = {
    status,
    statusReason: null,
    activeOperationId: null,
    updatedAt: now,
  }
  const configuration = configurationOf(cluster)
  if (operation.kind === 'scale') {
    const changed = applyScale(configuration, poolsOf(operation.parameters))
    changes.configuration = changed
    changes.monthlyPriceCents = await monthlyPriceCentsOf(tx, changed)
  } else if (operation.kind === 'upgrade') {
    const { version, patch } = operation.parameters as UpgradeParameters
    changes.kubernetesVersion = version
    changes.kubernetesPatch = patch
    changes.configuration = { ...configuration, kubernetesVersion: version }
    await tx.update(clusterNodes).set({ kubeletVersion: patch }).where(eq(clusterNodes.clusterId, cluster.id))
  } else if (operation.kind === 'delete') {
    changes.deletedAt = now
    await tx.delete(clusterNodes).where(eq(clusterNodes.clusterId, cluster.id))
    await endInstallationsOf(tx, ctx, cluster.id, now)
  }
  await tx.update(clusters).set(changes).where(eq(clusters.id, cluster.id))
  await metering.syncClusterMeter(tx, cluster.id, now)
  await recordEvent(tx, cluster, operation.id, {
    type: 'operation_succeeded',
    fromStatus: cluster.status,
    toStatus: status,
    message: finishedMessage(operation.kind, cluster.name),
    data: { kind: operation.kind },
  })

  if (operation.kind === 'create') {
    // The add-ons chosen in the wizard are installations from now on, managed like any other
    // (an add-on the marketplace does not offer as a product stays part of the cluster only).
    for (const addOnId of await offeredProducts(tx, configuration.addOnIds))
      await recordInstalledProduct(
        tx,
        {
          organizationId: cluster.organizationId,
          clusterId: cluster.id,
          productId: addOnId,
          namespace: addOnId,
          planId: null,
          orderId: cluster.orderId,
          createdBy: operation.requestedBy,
          at: now,
          secretsKey: ctx.config.secretsKey,
        },
        ctx.provisioningHooks,
      )
    if (cluster.orderId) {
      await tx
        .update(orders)
        .set({ status: 'fulfilled', updatedAt: now })
        .where(and(eq(orders.id, cluster.orderId), eq(orders.status, 'confirmed')))
    }
    await tellRequester(uow, ctx, cluster, operation, (user, url) => ({
      notification: {
        type: 'success',
        title: 'Cluster running',
        message: `${cluster.name} is running and ready to use.`,
      },
      mail: ctx.provisioningHooks.notify.clusterRunningMail({
        name: user.name,
        clusterName: cluster.name,
        url,
      }),
    }))
  }
  return status
}

/**
 * A step failed for good (the step, the operation and the cluster are marked failed): the history
 * says where and why, and whoever asked hears of it.
 */
export async function clusterOperationFailed(
  uow: UnitOfWork,
  ctx: ServerContext,
  { subject: cluster, operation, step }: { subject: Cluster; operation: ClusterOperation; step: ClusterStep },
  reason: string,
): Promise<void> {
  const { tx } = uow
  await recordEvent(tx, cluster, operation.id, {
    type: 'step_failed',
    message: `${stepLabel(step.name)} failed: ${reason}`,
    data: { stepId: step.id, step: step.name, attempts: step.attempts },
  })
  const operationName = OPERATION_NAMES[operation.kind]
  await recordEvent(tx, cluster, operation.id, {
    type: 'operation_failed',
    fromStatus: cluster.status,
    toStatus: 'failed',
    message: `${operationName} failed: ${reason}`,
    data: { kind: operation.kind, step: step.name },
  })
  await tellRequester(uow, ctx, cluster, operation, (user, url) => ({
    notification: { type: 'error', title: `${operationName} failed`, message: `${cluster.name}: ${reason}` },
    mail: ctx.provisioningHooks.notify.clusterOperationFailedMail({
      name: user.name,
      clusterName: cluster.name,
      operation: operation.kind,
      reason,
      url,
    }),
  }))
}

/** The month's price of the configuration at catalog prices (the same sum the order made). */
export async function monthlyPriceCentsOf(
  tx: Transaction,
  configuration: ClusterConfiguration,
): Promise<number> {
  // One after the other: a transaction's queries share its one connection.
  const flavorIds = [...new Set(configuration.nodePools.map((pool) => pool.flavorId))]
  const [clusterType] = await tx
    .select({ baseMonthlyPriceCents: clusterTypes.baseMonthlyPriceCents })
    .from(clusterTypes)
    .where(eq(clusterTypes.id, configuration.clusterTypeId))
  const flavors = await tx
    .select({ id: nodeFlavors.id, hourlyPriceMillicents: nodeFlavors.hourlyPriceMillicents })
    .from(nodeFlavors)
    .where(inArray(nodeFlavors.id, flavorIds))
  const addOnRows = configuration.addOnIds.length
    ? await tx
        .select({ monthlyPriceCents: addOns.monthlyPriceCents })
        .from(addOns)
        .where(inArray(addOns.id, configuration.addOnIds))
    : []
  return monthlyPrice({
    clusterType: { baseMonthlyPriceCents: clusterType?.baseMonthlyPriceCents ?? 0 },
    nodePools: configuration.nodePools.map((pool) => ({
      nodeCount: pool.nodeCount,
      flavor: {
        hourlyPriceMillicents:
          flavors.find((flavor) => flavor.id === pool.flavorId)?.hourlyPriceMillicents ?? 0,
      },
    })),
    addOns: addOnRows,
  }).totalCents
}

/** The products of a deleted cluster went with it: they end as uninstalled, and stop being billed. */
async function endInstallationsOf(
  tx: Transaction,
  ctx: ServerContext,
  clusterId: string,
  at: Date,
): Promise<void> {
  const ended = await tx
    .update(installations)
    .set({ status: 'uninstalled', activeOperationId: null, uninstalledAt: at, endpoints: [], updatedAt: at })
    .where(and(eq(installations.clusterId, clusterId), ne(installations.status, 'uninstalled')))
    .returning({ id: installations.id })
  for (const installation of ended)
    await ctx.provisioningHooks.metering.syncInstallationMeter(tx, installation.id, at)
}

/** The ids among these that the marketplace offers as products (their details are filled in). */
async function offeredProducts(tx: Transaction, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await tx
    .select({ id: addOns.id })
    .from(addOns)
    .where(and(inArray(addOns.id, ids), sql`${addOns.details} <> '{}'::jsonb`))
  return ids.filter((id) => rows.some((row) => row.id === id))
}

/** What a finished step built: the cluster's nodes now, its API endpoint and certificate authority. */
export async function storeStepResults(
  tx: Transaction,
  secretsKey: Buffer,
  clusterId: string,
  outcome: Extract<StepOutcome, { state: 'done' }>,
  now: Date,
): Promise<void> {
  if (outcome.nodes) await replaceNodes(tx, clusterId, outcome.nodes)
  if (outcome.endpoint || outcome.caCertificate || outcome.caKey) {
    await tx
      .update(clusters)
      .set({
        ...(outcome.endpoint ? { endpoint: outcome.endpoint } : {}),
        ...(outcome.caCertificate ? { caCertificate: outcome.caCertificate } : {}),
        ...(outcome.caKey ? { caKey: sealSecret(secretsKey, outcome.caKey) } : {}),
        updatedAt: now,
      })
      .where(eq(clusters.id, clusterId))
  }
}

/** The driver's node list is the whole list: nodes it no longer names are gone. */
export async function replaceNodes(tx: Transaction, clusterId: string, nodes: DriverNode[]): Promise<void> {
  const names = nodes.map((node) => node.name)
  await tx
    .delete(clusterNodes)
    .where(
      names.length > 0
        ? and(eq(clusterNodes.clusterId, clusterId), notInArray(clusterNodes.name, names))
        : eq(clusterNodes.clusterId, clusterId),
    )
  if (nodes.length === 0) return
  await tx
    .insert(clusterNodes)
    .values(nodes.map((node) => ({ clusterId, ...node })))
    .onConflictDoUpdate({
      target: [clusterNodes.clusterId, clusterNodes.name],
      set: {
        poolName: sql`excluded.pool_name`,
        internalIp: sql`excluded.internal_ip`,
        kubeletVersion: sql`excluded.kubelet_version`,
        status: sql`excluded.status`,
      },
    })
}
