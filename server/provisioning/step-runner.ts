import { and, asc, eq, notInArray, sql } from 'drizzle-orm'
import type { ServerContext } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import {
  type Cluster,
  type ClusterOperation,
  type ClusterStep,
  clusterNodes,
  clusterOperations,
  clusterSteps,
  clusters,
  dataCenters,
} from '#server/db/schema/index.ts'
import type { SqlExecutor } from '#server/db/transaction.ts'
import {
  type ClusterStepAttempt,
  type ClusterStepJob,
  enqueueClusterStep,
} from '#server/jobs/provisioning.ts'
import { sealSecret } from '#server/lib/secrets.ts'
import { publishClusterChange, recordEvent } from './announcements.ts'
import type {
  DriverCluster,
  DriverName,
  DriverNode,
  ProvisioningDriver,
  StepOutcome,
  StepRun,
  UpgradeParameters,
} from './driver.ts'
import { DATA_CENTER_FIELDS, type DriverDataCenter, getDriver, toDriverCluster } from './drivers.ts'
import { stepLabel } from './lifecycle.ts'
import { failOperation, finishOperation } from './operation-outcome.ts'
import { nodesAtStartOf, poolsOf } from './operation-parameters.ts'
import { askDriver, runStepJob, type StepJobRun } from './step-jobs.ts'

/**
 * The step job: locks the cluster and the step, asks the cluster's driver how the step stands, and
 * records the answer with the job that follows (the same step later, the next step, or the end of
 * the operation) in one transaction.
 */

/** Runs one step job (server/provisioning/step-jobs.ts says how every step job runs). */
export function runClusterStep(
  ctx: ServerContext,
  job: ClusterStepJob,
  attempt: ClusterStepAttempt,
): Promise<void> {
  return runStepJob(
    ctx,
    attempt,
    (tx, sqlExecutor, run) => advanceStep(tx, sqlExecutor, ctx, job, run),
    (tx, sqlExecutor, reason) => failStepGivenUp(tx, sqlExecutor, ctx, job, reason),
  )
}

/** The job's last retry failed too: fail the operation at its step, if it is still running. */
async function failStepGivenUp(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  job: ClusterStepJob,
  reason: string,
): Promise<void> {
  const locked = await lockStep(tx, job)
  if (locked) await failOperation(tx, sqlExecutor, ctx, locked, reason)
}

async function advanceStep(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  job: ClusterStepJob,
  options: StepJobRun,
): Promise<void> {
  const locked = await lockStep(tx, job)
  if (!locked) return
  const { cluster, operation, step } = locked

  // The step runs from when it first started (a restart keeps waiting from then), and counts one
  // more attempt when it starts or when its job is retried after a crash.
  const now = new Date()
  const starting = step.status === 'pending'
  const attempts = starting || options.restarted ? step.attempts + 1 : step.attempts
  const run: StepRun = { name: step.name, startedAt: step.startedAt ?? now, attempts }
  if (operation.status === 'queued') {
    await tx
      .update(clusterOperations)
      .set({ status: 'running', startedAt: now })
      .where(eq(clusterOperations.id, operation.id))
  }
  const driver = await getDriver(ctx, cluster.driver as DriverName)
  const driverCluster = {
    ...toDriverCluster(cluster, locked.dataCenter),
    nodesAtStart: nodesAtStartOf(operation.parameters),
  }
  const outcome = await askDriver(() => callDriver(driver, operation, driverCluster, run), options)
  const started = { ...step, status: 'running' as const, startedAt: run.startedAt, attempts }

  switch (outcome.state) {
    case 'waiting': {
      const message = outcome.message ?? step.message
      if (starting || attempts !== step.attempts || message !== step.message) {
        await tx
          .update(clusterSteps)
          .set({ status: 'running', startedAt: run.startedAt, attempts, finishedAt: null, message })
          .where(eq(clusterSteps.id, step.id))
      }
      if (outcome.nodes) await replaceNodes(tx, cluster.id, outcome.nodes)
      if (starting || outcome.nodes)
        await publishClusterChange(sqlExecutor, cluster, cluster.status, operation.id)
      await enqueueClusterStep(ctx.queue, sqlExecutor, job, {
        afterSeconds: Math.max(0, outcome.retryAfterSeconds),
        position: step.position,
      })
      return
    }
    case 'done':
      await completeStep(tx, sqlExecutor, ctx, { ...locked, step: started }, outcome)
      return
    case 'failed':
      await failOperation(tx, sqlExecutor, ctx, { ...locked, step: started }, outcome.reason)
      return
  }
}

type LockedStep = {
  cluster: Cluster
  dataCenter: DriverDataCenter | null
  operation: ClusterOperation
  step: ClusterStep
  /** The operation's steps in order (the step's successor is the next one). */
  steps: ClusterStep[]
}

/**
 * Locks the cluster, then the operation's steps (the order every writer of both follows), and
 * says whether the job still has work: a step already settled, or of an operation no longer
 * active, has none.
 */
async function lockStep(tx: Database, job: ClusterStepJob): Promise<LockedStep | null> {
  const clusterId = job.clusterId ?? (await clusterIdOfStep(tx, job.stepId))
  if (!clusterId) return null
  const [locked] = await tx
    .select({ cluster: clusters, dataCenter: DATA_CENTER_FIELDS })
    .from(clusters)
    .leftJoin(dataCenters, eq(dataCenters.code, clusters.dataCenterCode))
    .where(eq(clusters.id, clusterId))
    .for('update', { of: clusters })
  const steps = await tx
    .select()
    .from(clusterSteps)
    .where(eq(clusterSteps.operationId, job.operationId))
    .orderBy(asc(clusterSteps.position))
    .for('update')
  const [operation] = await tx
    .select()
    .from(clusterOperations)
    .where(eq(clusterOperations.id, job.operationId))
  const step = steps.find((entry) => entry.id === job.stepId)
  if (!locked || !step || !operation || step.clusterId !== locked.cluster.id) return null
  if (step.status === 'succeeded' || step.status === 'failed') return null
  if (operation.status === 'succeeded' || operation.status === 'failed') return null
  if (locked.cluster.activeOperationId !== operation.id) return null
  return { cluster: locked.cluster, dataCenter: locked.dataCenter, operation, step, steps }
}

/** Jobs enqueued before they carried the cluster's id. */
async function clusterIdOfStep(tx: Database, stepId: string): Promise<string | undefined> {
  const [step] = await tx
    .select({ clusterId: clusterSteps.clusterId })
    .from(clusterSteps)
    .where(eq(clusterSteps.id, stepId))
  return step?.clusterId
}

function callDriver(
  driver: ProvisioningDriver,
  operation: ClusterOperation,
  cluster: DriverCluster,
  run: StepRun,
): Promise<StepOutcome> {
  switch (operation.kind) {
    case 'create':
      return driver.create(cluster, run)
    case 'scale':
    case 'hibernate':
    case 'wake':
      return driver.scale(cluster, run, poolsOf(operation.parameters))
    case 'upgrade':
      return driver.upgrade(cluster, run, operation.parameters as UpgradeParameters)
    case 'delete':
      return driver.delete(cluster, run)
  }
}

/** The step is done: its results are stored and the next step's job (or the operation's end) follows. */
async function completeStep(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  { cluster, operation, step, steps }: LockedStep,
  outcome: Extract<StepOutcome, { state: 'done' }>,
): Promise<void> {
  const now = new Date()
  await tx
    .update(clusterSteps)
    .set({
      status: 'succeeded',
      startedAt: step.startedAt,
      attempts: step.attempts,
      finishedAt: now,
      message: outcome.message ?? step.message,
    })
    .where(eq(clusterSteps.id, step.id))
  await storeStepResults(tx, ctx.config.secretsKey, cluster.id, outcome, now)
  await recordEvent(tx, cluster, operation.id, {
    type: 'step_succeeded',
    message: outcome.message ? `${stepLabel(step.name)}: ${outcome.message}` : `${stepLabel(step.name)} done`,
    data: { stepId: step.id, step: step.name },
  })

  const next = steps.find((entry) => entry.position === step.position + 1)
  if (next) {
    await enqueueClusterStep(
      ctx.queue,
      sqlExecutor,
      { operationId: operation.id, stepId: next.id, clusterId: cluster.id },
      { position: next.position },
    )
    await publishClusterChange(sqlExecutor, cluster, cluster.status, operation.id)
    return
  }
  await finishOperation(tx, sqlExecutor, ctx, cluster, operation)
}

/** What a finished step built: the cluster's nodes now, its API endpoint and certificate authority. */
export async function storeStepResults(
  tx: Database,
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
async function replaceNodes(tx: Database, clusterId: string, nodes: DriverNode[]): Promise<void> {
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
