import { and, asc, desc, eq } from 'drizzle-orm'
import type { OperationKind } from '#common/schemas/clusters.ts'
import type { ServerContext } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import {
  type ClusterOperation,
  type ClusterStep,
  clusterOperations,
  clusterSteps,
  clusters,
} from '#server/db/schema/index.ts'
import type { SqlExecutor } from '#server/db/transaction.ts'
import { enqueueClusterStep, startClusterStepWorkers } from '#server/jobs/provisioning.ts'
import { conflict, notFound } from '#server/lib/errors.ts'
import { syncClusterMeter } from '#server/modules/billing/index.ts'
import { publishClusterChange, recordEvent } from './announcements.ts'
import type { DriverName } from './driver.ts'
import { driverClusterOf, getDriver } from './drivers.ts'
import { startInstallationWorkers } from './installation-engine.ts'
import { OPERATION_NAMES, STARTS_FROM, startedMessage, stepLabel, TRANSITIONAL_STATUS } from './lifecycle.ts'
import { configurationOf, latestPatch, operationParameters } from './operation-parameters.ts'
import { runClusterStep } from './step-runner.ts'

export { createDriver, driverClusterOf, getDriver } from './drivers.ts'
export { RESTING_STATUS, TRANSITIONAL_STATUS } from './lifecycle.ts'
export { operationView } from './operation-view.ts'
export { runClusterStep } from './step-runner.ts'

/**
 * The provisioning engine: a change to a cluster is an operation made of steps, each step a job on
 * the queue. A step's job locks the cluster and the step, asks the cluster's driver how the step
 * stands, and records the answer with the job that follows (the same step later, the next step,
 * or nothing) in one transaction. A crash at any point leaves either the old state with its job
 * still to run, or the new state with its next job: a step is never applied twice in effect.
 * docs/decisions/011-provisioning-engine.md explains the choices.
 */

export type NewOperation = {
  clusterId: string
  kind: OperationKind
  /**
   * scale: `{ pools: ScaleParameters[] }` (or one ScaleParameters); upgrade: `{ version, patch? }`
   * (patch defaults to the catalog's latest); create, hibernate, wake, delete: `{}`.
   */
  parameters?: Record<string, unknown>
  requestedBy: string | null
}

export type StartedOperation = { operation: ClusterOperation; steps: ClusterStep[] }

/**
 * Starts an operation inside the caller's transaction: the cluster moves to its transitional
 * status and the first step's job commits with it. 409 while another operation runs.
 */
export async function startOperation(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  input: NewOperation,
): Promise<StartedOperation> {
  const [cluster] = await tx.select().from(clusters).where(eq(clusters.id, input.clusterId)).for('update')
  if (!cluster) throw notFound('Cluster not found')
  if (cluster.activeOperationId)
    throw conflict(
      `${cluster.name} is already being changed; wait until that finishes`,
      'OPERATION_IN_PROGRESS',
    )
  if (!STARTS_FROM[input.kind].includes(cluster.status))
    throw conflict(
      `${cluster.name} is ${cluster.status}: ${OPERATION_NAMES[input.kind].toLowerCase()} is not possible now`,
      'CLUSTER_NOT_READY',
    )
  const configuration = configurationOf(cluster)
  if (input.kind === 'create' && !cluster.kubernetesPatch) {
    cluster.kubernetesPatch = await latestPatch(tx, configuration.kubernetesVersion)
  }
  const parameters = await operationParameters(tx, cluster, configuration, input.kind, input.parameters)

  const driverCluster = await driverClusterOf(tx, cluster)
  const driver = await getDriver(ctx, cluster.driver as DriverName)
  const plan = driver.plan(input.kind, driverCluster, parameters)
  if (plan.length === 0) throw new Error(`The ${cluster.driver} driver planned no steps for ${input.kind}`)

  const now = new Date()
  const [operation] = await tx
    .insert(clusterOperations)
    .values({
      clusterId: cluster.id,
      organizationId: cluster.organizationId,
      kind: input.kind,
      status: 'queued',
      parameters,
      requestedBy: input.requestedBy,
      createdAt: now,
    })
    .returning()
  const steps = await tx
    .insert(clusterSteps)
    .values(
      plan.map((step, position) => ({
        operationId: operation!.id,
        clusterId: cluster.id,
        name: step.name,
        position,
        estimatedSeconds: Math.max(1, Math.round(step.estimatedSeconds)),
      })),
    )
    .returning()
  steps.sort((a, b) => a.position - b.position)

  const status = TRANSITIONAL_STATUS[input.kind]
  await tx
    .update(clusters)
    .set({
      status,
      statusReason: null,
      activeOperationId: operation!.id,
      kubernetesPatch: cluster.kubernetesPatch,
      updatedAt: now,
    })
    .where(eq(clusters.id, cluster.id))
  await syncClusterMeter(tx, cluster.id, now)
  await recordEvent(tx, cluster, operation!.id, {
    type: 'operation_started',
    fromStatus: cluster.status,
    toStatus: status,
    message: startedMessage(input.kind, parameters),
    data: { kind: input.kind },
  })
  await enqueueClusterStep(
    ctx.queue,
    sqlExecutor,
    { operationId: operation!.id, stepId: steps[0]!.id, clusterId: cluster.id },
    { position: 0 },
  )
  await publishClusterChange(sqlExecutor, cluster, status, operation!.id)
  return { operation: operation!, steps }
}

/**
 * Resumes a failed cluster's failed operation from the step that failed (the steps before it stay
 * done). 409 when the cluster has not failed or another operation runs.
 */
export async function retryOperation(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  clusterId: string,
): Promise<StartedOperation> {
  const [cluster] = await tx.select().from(clusters).where(eq(clusters.id, clusterId)).for('update')
  if (!cluster) throw notFound('Cluster not found')
  if (cluster.activeOperationId)
    throw conflict(
      `${cluster.name} is already being changed; wait until that finishes`,
      'OPERATION_IN_PROGRESS',
    )
  if (cluster.status !== 'failed')
    throw conflict(`${cluster.name} has not failed: there is nothing to retry`, 'NOTHING_TO_RETRY')
  const [operation] = await tx
    .select()
    .from(clusterOperations)
    .where(and(eq(clusterOperations.clusterId, clusterId), eq(clusterOperations.status, 'failed')))
    .orderBy(desc(clusterOperations.createdAt))
    .limit(1)
  if (!operation) throw conflict(`${cluster.name} has no failed operation to retry`, 'NOTHING_TO_RETRY')
  const steps = await tx
    .select()
    .from(clusterSteps)
    .where(eq(clusterSteps.operationId, operation.id))
    .orderBy(asc(clusterSteps.position))
    .for('update')
  const resumeFrom = steps.find((step) => step.status !== 'succeeded')
  if (!resumeFrom) throw conflict(`${cluster.name} has no failed step to retry`, 'NOTHING_TO_RETRY')

  const now = new Date()
  await tx
    .update(clusterSteps)
    .set({ status: 'pending', startedAt: null, finishedAt: null, message: null })
    .where(eq(clusterSteps.id, resumeFrom.id))
  const [resumed] = await tx
    .update(clusterOperations)
    .set({ status: 'running', error: null, finishedAt: null })
    .where(eq(clusterOperations.id, operation.id))
    .returning()
  const status = TRANSITIONAL_STATUS[operation.kind]
  await tx
    .update(clusters)
    .set({ status, statusReason: null, activeOperationId: operation.id, updatedAt: now })
    .where(eq(clusters.id, cluster.id))
  await recordEvent(tx, cluster, operation.id, {
    type: 'operation_retried',
    fromStatus: 'failed',
    toStatus: status,
    message: `${OPERATION_NAMES[operation.kind]} retried from the step ${stepLabel(resumeFrom.name)}`,
    data: { stepId: resumeFrom.id, step: resumeFrom.name },
  })
  await enqueueClusterStep(
    ctx.queue,
    sqlExecutor,
    { operationId: operation.id, stepId: resumeFrom.id, clusterId: cluster.id },
    { position: resumeFrom.position },
  )
  await publishClusterChange(sqlExecutor, cluster, status, operation.id)
  const current = await tx.select().from(clusterSteps).where(eq(clusterSteps.operationId, operation.id))
  return { operation: resumed!, steps: current.sort((a, b) => a.position - b.position) }
}

/** Registers the step workers of clusters and installations (every process whose role is not `web`). */
export async function startProvisioningWorkers(
  ctx: ServerContext,
  options: { workers?: number; batchSize?: number } = {},
): Promise<void> {
  await startClusterStepWorkers(ctx.queue, (job, attempt) => runClusterStep(ctx, job, attempt), options)
  await startInstallationWorkers(ctx)
}
