import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { monthlyPrice } from '#common/pricing.ts'
import type { ClusterConfiguration } from '#common/schemas/clusters.ts'
import type { ServerContext } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import {
  addOns,
  type Cluster,
  type ClusterOperation,
  type ClusterStep,
  clusterNodes,
  clusterOperations,
  clusterSteps,
  clusters,
  clusterTypes,
  installations,
  nodeFlavors,
  orders,
} from '#server/db/schema/index.ts'
import type { SqlExecutor } from '#server/db/transaction.ts'
import { clusterOperationFailedMail, clusterRunningMail } from '#server/mail/provisioning-mails.ts'
import { prepareMail } from '#server/mail/template.ts'
import { syncClusterMeter, syncInstallationMeter } from '#server/modules/billing/index.ts'
import { publishClusterChange, recordEvent, tellRequester } from './announcements.ts'
import type { UpgradeParameters } from './driver.ts'
import { recordInstalledProduct } from './installed-products.ts'
import { finishedMessage, OPERATION_NAMES, RESTING_STATUS, stepLabel } from './lifecycle.ts'
import { applyScale, configurationOf, poolsOf } from './operation-parameters.ts'

/** How an operation ends: its last step done, or one step failed for good. */

/** The last step is done: the cluster rests in its new status and takes the operation's changes. */
export async function finishOperation(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  cluster: Cluster,
  operation: ClusterOperation,
): Promise<void> {
  const now = new Date()
  const status = RESTING_STATUS[operation.kind]
  await tx
    .update(clusterOperations)
    .set({ status: 'succeeded', finishedAt: now, error: null })
    .where(eq(clusterOperations.id, operation.id))

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
    await endInstallationsOf(tx, cluster.id, now)
  }
  await tx.update(clusters).set(changes).where(eq(clusters.id, cluster.id))
  await syncClusterMeter(tx, cluster.id, now)
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
      await recordInstalledProduct(tx, {
        organizationId: cluster.organizationId,
        clusterId: cluster.id,
        productId: addOnId,
        namespace: addOnId,
        planId: null,
        orderId: cluster.orderId,
        createdBy: operation.requestedBy,
        at: now,
        secretsKey: ctx.config.secretsKey,
      })
    if (cluster.orderId) {
      await tx
        .update(orders)
        .set({ status: 'fulfilled', updatedAt: now })
        .where(and(eq(orders.id, cluster.orderId), eq(orders.status, 'confirmed')))
    }
    await tellRequester(tx, sqlExecutor, ctx, cluster, operation, (user, url) => ({
      notification: {
        type: 'success',
        title: 'Cluster running',
        message: `${cluster.name} is running and ready to use.`,
      },
      mail: prepareMail(clusterRunningMail, { name: user.name, clusterName: cluster.name, url }),
    }))
  }
  await publishClusterChange(sqlExecutor, cluster, status, operation.id)
}

/**
 * The operation stops at this step: the cluster shows `failed` with the reason, and no operation is
 * active, so a retry (or a deletion) may start.
 */
export async function failOperation(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  { cluster, operation, step }: { cluster: Cluster; operation: ClusterOperation; step: ClusterStep },
  reason: string,
): Promise<void> {
  const now = new Date()
  await tx
    .update(clusterSteps)
    .set({
      status: 'failed',
      startedAt: step.startedAt ?? now,
      attempts: step.attempts,
      finishedAt: now,
      message: reason,
    })
    .where(eq(clusterSteps.id, step.id))
  await tx
    .update(clusterOperations)
    .set({ status: 'failed', error: reason, finishedAt: now })
    .where(eq(clusterOperations.id, operation.id))
  await tx
    .update(clusters)
    .set({ status: 'failed', statusReason: reason, activeOperationId: null, updatedAt: now })
    .where(eq(clusters.id, cluster.id))
  await syncClusterMeter(tx, cluster.id, now)
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
  await tellRequester(tx, sqlExecutor, ctx, cluster, operation, (user, url) => ({
    notification: { type: 'error', title: `${operationName} failed`, message: `${cluster.name}: ${reason}` },
    mail: prepareMail(clusterOperationFailedMail, {
      name: user.name,
      clusterName: cluster.name,
      operation: operation.kind,
      reason,
      url,
    }),
  }))
  await publishClusterChange(sqlExecutor, cluster, 'failed', operation.id)
}

/** The month's price of the configuration at catalog prices (the same sum the order made). */
export async function monthlyPriceCentsOf(
  tx: Database,
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
async function endInstallationsOf(tx: Database, clusterId: string, at: Date): Promise<void> {
  const ended = await tx
    .update(installations)
    .set({ status: 'uninstalled', activeOperationId: null, uninstalledAt: at, endpoints: [], updatedAt: at })
    .where(and(eq(installations.clusterId, clusterId), ne(installations.status, 'uninstalled')))
    .returning({ id: installations.id })
  for (const installation of ended) await syncInstallationMeter(tx, installation.id, at)
}

/** The ids among these that the marketplace offers as products (their details are filled in). */
async function offeredProducts(tx: Database, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await tx
    .select({ id: addOns.id })
    .from(addOns)
    .where(and(inArray(addOns.id, ids), sql`${addOns.details} <> '{}'::jsonb`))
  return ids.filter((id) => rows.some((row) => row.id === id))
}
