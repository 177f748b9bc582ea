import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { HIBERNATING_CLUSTER_TYPE_IDS, nextMinorVersion } from '#common/cluster-rules.ts'
import type { MaintenanceWindow, scaleNodePoolSchema } from '#common/schemas/clusters.ts'
import { validationMessage } from '#common/validation-messages.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { clusters } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { badRequest, conflict, unprocessable } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { getCatalog } from '#server/modules/catalog/index.ts'
import { retryOperation, type ScaleParameters, startOperation } from '#server/provisioning/index.ts'
import { findCluster } from './service.ts'

/**
 * Changes to a cluster asked for by its organization. Each locks the cluster row, checks what only
 * a customer's request needs (the typed name, one minor version at a time, node counts), and hands
 * the change to the engine, which decides whether the cluster's status allows it (409
 * CLUSTER_NOT_READY) and refuses while another change runs (409 OPERATION_IN_PROGRESS).
 */

export async function scaleNodePool(
  ctx: ServerContext,
  caller: Caller,
  clusterId: string,
  poolName: string,
  change: z.infer<typeof scaleNodePoolSchema>,
) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const cluster = await findCluster(tx, caller, clusterId, { lock: true })
    const parameters: ScaleParameters = {
      poolName,
      nodeCount: change.nodeCount,
      autoscaling: change.autoscaling,
    }
    await startOperation(uow, ctx, {
      clusterId,
      kind: 'scale',
      parameters: { pools: [parameters] },
      requestedBy: caller.userId,
    })
    await auditOperation(tx, caller, cluster, 'scale', { pool: poolName, nodeCount: change.nodeCount })
  })
}

export async function upgradeCluster(ctx: ServerContext, caller: Caller, clusterId: string, version: string) {
  const catalog = await getCatalog(ctx.db)
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const cluster = await findCluster(tx, caller, clusterId, { lock: true })
    const next = nextMinorVersion(cluster.kubernetesVersion, catalog.kubernetesVersions)
    if (next === null) throw badRequest(`${cluster.name} already runs the newest Kubernetes version offered`)
    if (version !== next)
      throw badRequest(
        `Kubernetes upgrades go one minor version at a time: from ${cluster.kubernetesVersion} to ${next}`,
      )
    const patch = catalog.kubernetesVersions.find((entry) => entry.version === next)!.latestPatch
    await startOperation(uow, ctx, {
      clusterId,
      kind: 'upgrade',
      parameters: { version: next, patch },
      requestedBy: caller.userId,
    })
    await auditOperation(tx, caller, cluster, 'upgrade', { version: next })
  })
}

/** Dev/Test and Sandbox clusters sleep with every pool at zero nodes, and are not billed meanwhile. */
export async function hibernateCluster(ctx: ServerContext, caller: Caller, clusterId: string, wake: boolean) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const cluster = await findCluster(tx, caller, clusterId, { lock: true })
    if (!(HIBERNATING_CLUSTER_TYPE_IDS as readonly string[]).includes(cluster.clusterTypeId))
      throw unprocessable('Only Dev/Test and Sandbox clusters can hibernate', 'HIBERNATION_NOT_OFFERED')
    await startOperation(uow, ctx, {
      clusterId,
      kind: wake ? 'wake' : 'hibernate',
      parameters: {},
      requestedBy: caller.userId,
    })
    await auditOperation(tx, caller, cluster, wake ? 'wake' : 'hibernate')
  })
}

export async function deleteCluster(
  ctx: ServerContext,
  caller: Caller,
  clusterId: string,
  confirmName: string,
) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const cluster = await findCluster(tx, caller, clusterId, { lock: true })
    if (confirmName.trim() !== cluster.name)
      throw badRequest(
        validationMessage('deletionConfirmation', { name: cluster.name }),
        'CONFIRMATION_MISMATCH',
      )
    await startOperation(uow, ctx, {
      clusterId,
      kind: 'delete',
      parameters: {},
      requestedBy: caller.userId,
    })
    await auditOperation(tx, caller, cluster, 'delete')
  })
}

export async function retryCluster(ctx: ServerContext, caller: Caller, clusterId: string) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const cluster = await findCluster(tx, caller, clusterId, { lock: true })
    await retryOperation(uow, ctx, clusterId)
    await auditOperation(tx, caller, cluster, 'retry')
  })
}

export async function setMaintenanceWindow(
  ctx: ServerContext,
  caller: Caller,
  clusterId: string,
  window: MaintenanceWindow,
) {
  return inTransaction(ctx.db, async ({ tx }) => {
    const cluster = await findCluster(tx, caller, clusterId, { lock: true })
    if (cluster.status === 'deleted' || cluster.status === 'deleting')
      throw conflict(`${cluster.name} is being deleted`)
    await tx
      .update(clusters)
      .set({ configuration: { ...cluster.configuration!, maintenanceWindow: window }, updatedAt: new Date() })
      .where(eq(clusters.id, clusterId))
    await auditOperation(tx, caller, cluster, 'maintenance_window', { window })
  })
}

/** The audit entry of a change a member asked for, in its transaction. */
export async function auditOperation(
  tx: Queryable,
  caller: Caller,
  cluster: { id: string; name: string },
  operation: string,
  detail: Record<string, unknown> = {},
) {
  await recordAudit(
    tx,
    caller,
    'cluster.operation_started',
    { type: 'cluster', id: cluster.id, label: cluster.name },
    {
      operation,
      ...detail,
    },
  )
}
