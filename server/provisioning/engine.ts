import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { monthlyPrice } from '#common/pricing.ts'
import type {
  ClusterConfiguration,
  ClusterRealtimeMessage,
  ClusterStatus,
  OperationKind,
} from '#common/schemas/clusters.ts'
import type { Config } from '#server/config.ts'
import type { ServerContext } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import {
  addOns,
  type Cluster,
  type ClusterOperation,
  type ClusterStep,
  clusterEvents,
  clusterNodes,
  clusterOperations,
  clusterSteps,
  clusters,
  clusterTypes,
  dataCenters,
  kubernetesVersions,
  nodeFlavors,
  orders,
  users,
} from '#server/db/schema/index.ts'
import { inTransaction, type SqlExecutor } from '#server/db/transaction.ts'
import {
  type ClusterStepAttempt,
  type ClusterStepJob,
  enqueueClusterStep,
  startClusterStepWorkers,
} from '#server/jobs/provisioning.ts'
import { QUEUES } from '#server/jobs/queue.ts'
import { badRequest, conflict, notFound } from '#server/lib/errors.ts'
import type { MailMessage } from '#server/lib/mailer.ts'
import { createNotification } from '#server/modules/notifications/service.ts'
import { publishToOrganization } from '#server/realtime/publish.ts'
import type {
  DriverCluster,
  DriverName,
  DriverNode,
  ProvisioningDriver,
  ScaleParameters,
  StepOutcome,
  StepRun,
  UpgradeParameters,
} from './driver.ts'
import { clusterOperationFailedEmail, clusterRunningEmail } from './emails.ts'
import { createSimulatedDriver } from './simulated/driver.ts'

export { operationView } from './operation-view.ts'

/**
 * The provisioning engine: a change to a cluster is an operation made of steps, each step a job on
 * the queue. A step's job locks the cluster and the step, asks the cluster's driver how the step
 * stands, and records the answer with the job that follows (the same step later, the next step,
 * or nothing) in one transaction. A crash at any point leaves either the old state with its job
 * still to run, or the new state with its next job: a step is never applied twice in effect.
 * docs/decisions/011-provisioning-engine.md explains the choices.
 */

/** Where a cluster stands while an operation of each kind runs, and where it rests afterwards. */
export const TRANSITIONAL_STATUS: Record<OperationKind, ClusterStatus> = {
  create: 'provisioning',
  scale: 'scaling',
  upgrade: 'updating',
  hibernate: 'hibernating',
  wake: 'scaling',
  delete: 'deleting',
}
export const RESTING_STATUS: Record<OperationKind, ClusterStatus> = {
  create: 'running',
  scale: 'running',
  upgrade: 'running',
  hibernate: 'hibernated',
  wake: 'running',
  delete: 'deleted',
}
/** The statuses each kind of operation may start from. */
const STARTS_FROM: Record<OperationKind, ClusterStatus[]> = {
  create: ['pending'],
  scale: ['running'],
  upgrade: ['running'],
  hibernate: ['running'],
  wake: ['hibernated'],
  delete: ['pending', 'running', 'hibernated', 'failed'],
}
const OPERATION_NAMES: Record<OperationKind, string> = {
  create: 'Provisioning',
  scale: 'Scaling',
  upgrade: 'Upgrade',
  hibernate: 'Hibernation',
  wake: 'Wake-up',
  delete: 'Deletion',
}

/**
 * A step that will be done within this many seconds is waited for inside its transaction rather
 * than recorded as waiting and re-enqueued, for at most INLINE_WAIT_BUDGET_MS per job: fast (test,
 * benchmark) speeds then cost one transaction per step and no polling round trip, while real
 * speeds hold a connection only for a step's last quarter second.
 */
const INLINE_WAIT_SECONDS = 0.25
const INLINE_WAIT_BUDGET_MS = 2_000

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
  const parameters = await operationParameters(tx, cluster, configuration, input)

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

/** Registers the step workers on the queue (every process whose role is not `web`). */
export async function startProvisioningWorkers(
  ctx: ServerContext,
  options: { workers?: number; batchSize?: number } = {},
): Promise<void> {
  await startClusterStepWorkers(ctx.queue, (job, attempt) => runClusterStep(ctx, job, attempt), options)
}

/**
 * A new driver of the given name (the configured one by default). The clusterapi driver is loaded
 * only when asked for, so the simulated path never loads the Kubernetes client.
 */
export async function createDriver(
  config: Config,
  name: DriverName = config.provisioning.driver,
): Promise<ProvisioningDriver> {
  if (name === 'clusterapi') {
    const { createClusterApiDriver } = await import('./clusterapi/driver.ts')
    return createClusterApiDriver({
      kubeconfigPath: config.provisioning.kubeconfigPath,
      speed: config.provisioning.speed,
    })
  }
  // The settings object itself, not a copy: a changed failure rate applies from the next step.
  return createSimulatedDriver(config.provisioning)
}

const drivers = new WeakMap<Config, Map<DriverName, Promise<ProvisioningDriver>>>()

/** The driver that owns a cluster, built once per server configuration. */
export function getDriver(ctx: Pick<ServerContext, 'config'>, name: DriverName): Promise<ProvisioningDriver> {
  const byName = drivers.get(ctx.config) ?? new Map<DriverName, Promise<ProvisioningDriver>>()
  drivers.set(ctx.config, byName)
  let driver = byName.get(name)
  if (!driver) {
    driver = createDriver(ctx.config, name)
    byName.set(name, driver)
    // A driver that could not be built (a missing kubeconfig) is tried again next time.
    driver.catch(() => byName.delete(name))
  }
  return driver
}

/** The cluster as drivers see it: its configuration, version, data center, endpoint and CA. */
export async function driverClusterOf(db: Database, cluster: Cluster): Promise<DriverCluster> {
  const [dataCenter] = await db
    .select(DATA_CENTER_FIELDS)
    .from(dataCenters)
    .where(eq(dataCenters.code, cluster.dataCenterCode))
  return toDriverCluster(cluster, dataCenter)
}

const DATA_CENTER_FIELDS = {
  city: dataCenters.city,
  countryCode: dataCenters.countryCode,
  provider: dataCenters.provider,
}
type DriverDataCenter = { city: string; countryCode: string; provider: string }

function toDriverCluster(cluster: Cluster, dataCenter: DriverDataCenter | null | undefined): DriverCluster {
  return {
    id: cluster.id,
    organizationId: cluster.organizationId,
    name: cluster.name,
    configuration: configurationOf(cluster),
    kubernetesPatch: cluster.kubernetesPatch,
    dataCenter: {
      code: cluster.dataCenterCode,
      city: dataCenter?.city ?? '',
      countryCode: dataCenter?.countryCode ?? '',
      provider: dataCenter?.provider ?? '',
    },
    endpoint: cluster.endpoint,
    caCertificate: cluster.caCertificate,
  }
}

// ——— the step job ———

/**
 * Runs one step job. A thrown error (the database, a driver that could not be reached) is retried
 * by the queue; when the last retry fails too, the operation fails with it, so nothing stays
 * "provisioning" for ever. A driver's own `failed` answer is final at once.
 */
export async function runClusterStep(
  ctx: ServerContext,
  job: ClusterStepJob,
  attempt: ClusterStepAttempt,
): Promise<void> {
  const inlineWaitDeadline = Date.now() + INLINE_WAIT_BUDGET_MS
  try {
    await inTransaction(ctx.db, (tx, sqlExecutor) =>
      advanceStep(tx, sqlExecutor, ctx, job, { restarted: attempt.retryCount > 0, inlineWaitDeadline }),
    )
  } catch (error) {
    if (attempt.retryCount < attempt.retryLimit) throw error
    const reason = `The step kept failing and was given up after ${attempt.retryLimit + 1} attempts: ${(error as Error).message}`
    await inTransaction(ctx.db, (tx, sqlExecutor) => failStepGivenUp(tx, sqlExecutor, ctx, job, reason))
    throw error
  }
}

async function advanceStep(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  job: ClusterStepJob,
  options: { restarted: boolean; inlineWaitDeadline: number },
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
  const driverCluster = toDriverCluster(cluster, locked.dataCenter)
  let outcome = await callDriver(driver, operation, driverCluster, run)
  for (;;) {
    if (outcome.state !== 'waiting') break
    const waitMs = Math.max(0, outcome.retryAfterSeconds) * 1000
    if (waitMs > INLINE_WAIT_SECONDS * 1000 || Date.now() + waitMs > options.inlineWaitDeadline) break
    await new Promise((resolve) => setTimeout(resolve, waitMs))
    outcome = await callDriver(driver, operation, driverCluster, run)
  }
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
      if (starting) await publishClusterChange(sqlExecutor, cluster, cluster.status, operation.id)
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
  if (outcome.nodes) await replaceNodes(tx, cluster.id, outcome.nodes)
  if (outcome.endpoint || outcome.caCertificate) {
    await tx
      .update(clusters)
      .set({
        ...(outcome.endpoint ? { endpoint: outcome.endpoint } : {}),
        ...(outcome.caCertificate ? { caCertificate: outcome.caCertificate } : {}),
        updatedAt: now,
      })
      .where(eq(clusters.id, cluster.id))
  }
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

/** The last step is done: the cluster rests in its new status and takes the operation's changes. */
async function finishOperation(
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
  }
  await tx.update(clusters).set(changes).where(eq(clusters.id, cluster.id))
  await recordEvent(tx, cluster, operation.id, {
    type: 'operation_succeeded',
    fromStatus: cluster.status,
    toStatus: status,
    message: finishedMessage(operation.kind, cluster.name),
    data: { kind: operation.kind },
  })

  if (operation.kind === 'create') {
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
      mail: clusterRunningEmail(user.email, user.name, cluster.name, url),
    }))
  }
  await publishClusterChange(sqlExecutor, cluster, status, operation.id)
}

/**
 * The operation stops at this step: the cluster shows `failed` with the reason, and no operation is
 * active, so a retry (or a deletion) may start.
 */
async function failOperation(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  { cluster, operation, step }: Pick<LockedStep, 'cluster' | 'operation' | 'step'>,
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
    mail: clusterOperationFailedEmail(user.email, user.name, cluster.name, operationName, reason, url),
  }))
  await publishClusterChange(sqlExecutor, cluster, 'failed', operation.id)
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

// ——— helpers ———

function configurationOf(cluster: Cluster): ClusterConfiguration {
  if (!cluster.configuration) throw new Error(`Cluster ${cluster.id} has no configuration`)
  return cluster.configuration
}

async function latestPatch(tx: Database, version: string): Promise<string> {
  const [row] = await tx
    .select({ latestPatch: kubernetesVersions.latestPatch })
    .from(kubernetesVersions)
    .where(eq(kubernetesVersions.version, version))
  return row?.latestPatch ?? `${version}.0`
}

/** The parameters stored on the operation, complete enough for any driver to act on alone. */
async function operationParameters(
  tx: Database,
  cluster: Cluster,
  configuration: ClusterConfiguration,
  input: NewOperation,
): Promise<Record<string, unknown>> {
  const given = input.parameters ?? {}
  switch (input.kind) {
    case 'scale': {
      const pools = poolsOf(given)
      if (pools.length === 0) throw badRequest('Say which node pool to scale')
      for (const change of pools) {
        if (!configuration.nodePools.some((pool) => pool.name === change.poolName))
          throw notFound(`Node pool ${change.poolName} not found`)
      }
      return { pools }
    }
    case 'hibernate':
      return { pools: configuration.nodePools.map((pool) => scaleOf(pool, 0)) }
    case 'wake':
      return { pools: configuration.nodePools.map((pool) => scaleOf(pool, pool.nodeCount)) }
    case 'upgrade': {
      const version = typeof given.version === 'string' ? given.version : ''
      if (!version) throw badRequest('Say which Kubernetes version to upgrade to')
      const patch =
        typeof given.patch === 'string' && given.patch ? given.patch : await latestPatch(tx, version)
      return { version, patch, fromVersion: cluster.kubernetesVersion, fromPatch: cluster.kubernetesPatch }
    }
    default:
      return {}
  }
}

function scaleOf(pool: ClusterConfiguration['nodePools'][number], nodeCount: number): ScaleParameters {
  return { poolName: pool.name, nodeCount, autoscaling: pool.autoscaling }
}

/** Scale parameters as stored (`{ pools }`), or a single pool's change given alone. */
function poolsOf(parameters: Record<string, unknown>): ScaleParameters[] {
  if (Array.isArray(parameters.pools)) return parameters.pools as ScaleParameters[]
  if (typeof parameters.poolName === 'string') return [parameters as unknown as ScaleParameters]
  return []
}

function applyScale(configuration: ClusterConfiguration, changes: ScaleParameters[]): ClusterConfiguration {
  return {
    ...configuration,
    nodePools: configuration.nodePools.map((pool) => {
      const change = changes.find((entry) => entry.poolName === pool.name)
      return change ? { ...pool, nodeCount: change.nodeCount, autoscaling: change.autoscaling } : pool
    }),
  }
}

/** The month's price of the configuration at catalog prices (the same sum the order made). */
async function monthlyPriceCentsOf(tx: Database, configuration: ClusterConfiguration): Promise<number> {
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

type EventInput = {
  type: string
  fromStatus?: ClusterStatus
  toStatus?: ClusterStatus
  message: string
  data?: Record<string, unknown>
}

async function recordEvent(tx: Database, cluster: Cluster, operationId: string, event: EventInput) {
  await tx.insert(clusterEvents).values({
    clusterId: cluster.id,
    organizationId: cluster.organizationId,
    operationId,
    type: event.type,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    message: event.message,
    data: event.data ?? {},
  })
}

/** Every member of the organization hears of the change (delivered by PostgreSQL at commit). */
async function publishClusterChange(
  sqlExecutor: SqlExecutor,
  cluster: Cluster,
  status: ClusterStatus,
  operationId: string | null,
): Promise<void> {
  const message: ClusterRealtimeMessage = { type: 'cluster', clusterId: cluster.id, status, operationId }
  await publishToOrganization(sqlExecutor, cluster.organizationId, message)
}

type Requester = { email: string; name: string }

/**
 * A notification (linking to the cluster's page) and a mail for the person who asked for the
 * operation, if they still exist. Both commit with the transaction.
 */
async function tellRequester(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  cluster: Cluster,
  operation: ClusterOperation,
  compose: (
    user: Requester,
    clusterUrl: string,
  ) => {
    notification: { type: 'success' | 'error'; title: string; message: string }
    mail: MailMessage
  },
): Promise<void> {
  const userId = operation.requestedBy
  if (!userId) return
  const [user] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) return
  const link = `/clusters/${cluster.id}`
  const { notification, mail } = compose(user, `${ctx.config.appUrl}${link}`)
  await createNotification(tx, sqlExecutor, { userId, ...notification, link })
  await ctx.queue.send(QUEUES.sendEmail, mail, sqlExecutor)
}

function stepLabel(name: string): string {
  const words = name.replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function startedMessage(kind: OperationKind, parameters: Record<string, unknown>): string {
  switch (kind) {
    case 'scale':
      return `Scaling ${poolsOf(parameters)
        .map((change) => `node pool ${change.poolName} to ${change.nodeCount} node(s)`)
        .join(', ')}`
    case 'upgrade':
      return `Upgrade to Kubernetes ${String(parameters.patch)} started`
    default:
      return `${OPERATION_NAMES[kind]} started`
  }
}

function finishedMessage(kind: OperationKind, clusterName: string): string {
  switch (kind) {
    case 'create':
      return `${clusterName} is running`
    case 'hibernate':
      return `${clusterName} is hibernating: every node pool is at zero nodes`
    case 'wake':
      return `${clusterName} woke up and is running`
    case 'delete':
      return `${clusterName} was deleted`
    default:
      return `${OPERATION_NAMES[kind]} finished; ${clusterName} is running`
  }
}
