import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { HIBERNATING_CLUSTER_TYPE_IDS, nextMinorVersion } from '#common/cluster-rules.ts'
import type { ClusterStatus, MaintenanceWindow, scaleNodePoolSchema } from '#common/schemas/clusters.ts'
import type { ServerContext } from '#server/context.ts'
import { clusters } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { badRequest, conflict, notFound, unprocessable } from '#server/lib/errors.ts'
import { getCatalog } from '#server/modules/catalog/service.ts'
import type { Caller } from '#server/modules/orders/fulfilment.ts'
import type { ScaleParameters } from '#server/provisioning/driver.ts'
import { retryOperation, startOperation } from '#server/provisioning/engine.ts'
import { findCluster } from './service.ts'

/**
 * Changes to a running cluster. Each locks the cluster row, checks the cluster may take the change
 * now, and hands it to the engine, which refuses (409) while another change is in progress.
 */

function assertStatus(
  cluster: { name: string; status: ClusterStatus; activeOperationId: string | null },
  allowed: ClusterStatus[],
  action: string,
) {
  // Another change in progress is the usual reason: say so, as the engine would.
  if (cluster.activeOperationId)
    throw conflict(
      `${cluster.name} is already being changed; wait until that finishes`,
      'OPERATION_IN_PROGRESS',
    )
  if (!allowed.includes(cluster.status))
    throw conflict(
      `${cluster.name} is ${cluster.status}: it can be ${action} only when ${allowed.join(' or ')}`,
      'CLUSTER_NOT_READY',
    )
}

export async function scaleNodePool(
  ctx: ServerContext,
  caller: Caller,
  clusterId: string,
  poolName: string,
  change: z.infer<typeof scaleNodePoolSchema>,
) {
  return inTransaction(ctx.db, async (tx, sqlExecutor) => {
    const cluster = await findCluster(tx, caller, clusterId, { lock: true })
    const pool = cluster.configuration!.nodePools.find((entry) => entry.name === poolName)
    if (!pool) throw notFound(`Node pool ${poolName} not found`)
    if (change.nodeCount < 1)
      throw badRequest('A node pool keeps at least 1 node; hibernate the cluster to stop them all')
    if (
      change.autoscaling.enabled &&
      (change.nodeCount < change.autoscaling.min || change.nodeCount > change.autoscaling.max)
    )
      throw badRequest('The node count must lie between the autoscaling minimum and maximum')
    assertStatus(cluster, ['running'], 'scaled')
    const parameters: ScaleParameters = {
      poolName,
      nodeCount: change.nodeCount,
      autoscaling: change.autoscaling,
    }
    await startOperation(tx, sqlExecutor, ctx, {
      clusterId,
      kind: 'scale',
      parameters: { pools: [parameters] },
      requestedBy: caller.userId,
    })
  })
}

export async function upgradeCluster(ctx: ServerContext, caller: Caller, clusterId: string, version: string) {
  const catalog = await getCatalog(ctx.db)
  return inTransaction(ctx.db, async (tx, sqlExecutor) => {
    const cluster = await findCluster(tx, caller, clusterId, { lock: true })
    const next = nextMinorVersion(cluster.kubernetesVersion, catalog.kubernetesVersions)
    if (next === null) throw badRequest(`${cluster.name} already runs the newest Kubernetes version offered`)
    if (version !== next)
      throw badRequest(
        `Kubernetes upgrades go one minor version at a time: from ${cluster.kubernetesVersion} to ${next}`,
      )
    assertStatus(cluster, ['running'], 'upgraded')
    const patch = catalog.kubernetesVersions.find((entry) => entry.version === next)!.latestPatch
    await startOperation(tx, sqlExecutor, ctx, {
      clusterId,
      kind: 'upgrade',
      parameters: { version: next, patch },
      requestedBy: caller.userId,
    })
  })
}

/** Dev/Test and Sandbox clusters sleep with every pool at zero nodes, and are not billed meanwhile. */
export async function hibernateCluster(ctx: ServerContext, caller: Caller, clusterId: string, wake: boolean) {
  return inTransaction(ctx.db, async (tx, sqlExecutor) => {
    const cluster = await findCluster(tx, caller, clusterId, { lock: true })
    if (!(HIBERNATING_CLUSTER_TYPE_IDS as readonly string[]).includes(cluster.clusterTypeId))
      throw unprocessable('Only Dev/Test and Sandbox clusters can hibernate', 'HIBERNATION_NOT_OFFERED')
    assertStatus(cluster, [wake ? 'hibernated' : 'running'], wake ? 'woken up' : 'hibernated')
    await startOperation(tx, sqlExecutor, ctx, operationOf(clusterId, wake, caller))
  })
}

function operationOf(clusterId: string, wake: boolean, caller: Caller) {
  return {
    clusterId,
    kind: wake ? ('wake' as const) : ('hibernate' as const),
    parameters: {},
    requestedBy: caller.userId,
  }
}

export async function deleteCluster(
  ctx: ServerContext,
  caller: Caller,
  clusterId: string,
  confirmName: string,
) {
  return inTransaction(ctx.db, async (tx, sqlExecutor) => {
    const cluster = await findCluster(tx, caller, clusterId, { lock: true })
    if (confirmName.trim() !== cluster.name)
      throw badRequest(
        `Type the cluster's name, ${cluster.name}, to confirm its deletion`,
        'CONFIRMATION_MISMATCH',
      )
    assertStatus(cluster, ['running', 'failed', 'hibernated'], 'deleted')
    await startOperation(tx, sqlExecutor, ctx, {
      clusterId,
      kind: 'delete',
      parameters: {},
      requestedBy: caller.userId,
    })
  })
}

export async function retryCluster(ctx: ServerContext, caller: Caller, clusterId: string) {
  return inTransaction(ctx.db, async (tx, sqlExecutor) => {
    const cluster = await findCluster(tx, caller, clusterId, { lock: true })
    if (cluster.status !== 'failed')
      throw conflict(`${cluster.name} has not failed: there is nothing to retry`, 'NOTHING_TO_RETRY')
    await retryOperation(tx, sqlExecutor, ctx, clusterId)
  })
}

export async function setMaintenanceWindow(
  ctx: ServerContext,
  caller: Caller,
  clusterId: string,
  window: MaintenanceWindow,
) {
  return inTransaction(ctx.db, async (tx) => {
    const cluster = await findCluster(tx, caller, clusterId, { lock: true })
    if (cluster.status === 'deleted' || cluster.status === 'deleting')
      throw conflict(`${cluster.name} is being deleted`)
    await tx
      .update(clusters)
      .set({ configuration: { ...cluster.configuration!, maintenanceWindow: window }, updatedAt: new Date() })
      .where(eq(clusters.id, clusterId))
  })
}
