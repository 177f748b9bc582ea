import { eq } from 'drizzle-orm'
import type { ClusterStatus, OperationKind } from '#common/schemas/clusters.ts'
import type { ServerContext } from '#server/context.ts'
import {
  type Cluster,
  type ClusterOperation,
  type ClusterStep,
  clusters,
  dataCenters,
} from '#server/db/schema/index.ts'
import type { UnitOfWork } from '#server/db/transaction.ts'
import { publishClusterChange, recordEvent } from './announcements.ts'
import {
  clusterOperationFailed,
  finishClusterOperation,
  replaceNodes,
  storeStepResults,
} from './cluster-outcome.ts'
import type {
  DriverCluster,
  DriverName,
  ProvisioningDriver,
  StepOutcome,
  StepRun,
  UpgradeParameters,
} from './driver.ts'
import { DATA_CENTER_FIELDS, type DriverDataCenter, getDriver, toDriverCluster } from './drivers.ts'
import { OPERATION_NAMES, STARTS_FROM, startedMessage, stepLabel, TRANSITIONAL_STATUS } from './lifecycle.ts'
import {
  type StartedOperation as EngineStartedOperation,
  retrySubjectOperation,
  startSubjectOperation,
} from './operation-engine.ts'
import {
  configurationOf,
  latestPatch,
  nodesAtStartOf,
  operationParameters,
  poolsOf,
} from './operation-parameters.ts'
import { CLUSTER_OPERATIONS } from './operation-records.ts'
import type { SubjectAdapter } from './subject-adapter.ts'

/**
 * Clusters as the engine's subject: created, scaled, upgraded, hibernated, woken and deleted by
 * operations whose steps the cluster's driver plans and runs.
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

/** The cluster locked, with its data center as its driver sees it. */
type LockedCluster = Cluster & { dataCenter: DriverDataCenter | null }

type ClusterTypes = {
  subject: LockedCluster
  operation: ClusterOperation
  step: ClusterStep
  kind: OperationKind
  status: ClusterStatus
  outcome: StepOutcome
  input: NewOperation
}

export type StartedOperation = EngineStartedOperation<ClusterTypes>

/**
 * Starts an operation inside the caller's transaction: the cluster moves to its transitional
 * status and the first step's job commits with it. 409 while another operation runs.
 */
export function startOperation(
  uow: UnitOfWork,
  ctx: ServerContext,
  input: NewOperation,
): Promise<StartedOperation> {
  return startSubjectOperation(clusterAdapter, { uow, ctx }, { subjectId: input.clusterId, input })
}

/**
 * Resumes a failed cluster's failed operation from the step that failed (the steps before it stay
 * done). 409 when the cluster has not failed or another operation runs.
 */
export function retryOperation(
  uow: UnitOfWork,
  ctx: ServerContext,
  clusterId: string,
): Promise<StartedOperation> {
  return retrySubjectOperation(clusterAdapter, { uow, ctx }, clusterId)
}

export const clusterAdapter: SubjectAdapter<ClusterTypes> = {
  tables: CLUSTER_OPERATIONS,

  // With its data center, which its driver sees: one query where the step jobs run often.
  async lock(tx, clusterId) {
    const [locked] = await tx
      .select({ cluster: clusters, dataCenter: DATA_CENTER_FIELDS })
      .from(clusters)
      .leftJoin(dataCenters, eq(dataCenters.code, clusters.dataCenterCode))
      .where(eq(clusters.id, clusterId))
      .for('update', { of: clusters })
    return locked ? { ...locked.cluster, dataCenter: locked.dataCenter } : null
  },

  noun: 'Cluster',
  nameOf: (cluster) => cluster.name,
  lifecycle: {
    transitional: TRANSITIONAL_STATUS,
    startsFrom: STARTS_FROM,
    notReadyCode: 'CLUSTER_NOT_READY',
    operationNames: OPERATION_NAMES,
    startedMessage,
    retriedMessage: (kind, step) => `${OPERATION_NAMES[kind]} retried from the step ${stepLabel(step.name)}`,
  },

  async plan(tx, ctx, cluster, input) {
    const configuration = configurationOf(cluster)
    if (input.kind === 'create' && !cluster.kubernetesPatch) {
      cluster.kubernetesPatch = await latestPatch(tx, configuration.kubernetesVersion)
    }
    const parameters = await operationParameters(tx, cluster, configuration, input.kind, input.parameters)
    const driver = await getDriver(ctx, cluster.driver as DriverName)
    const steps = driver.plan(input.kind, toDriverCluster(cluster, cluster.dataCenter), parameters)
    if (steps.length === 0) throw new Error(`The ${cluster.driver} driver planned no steps for ${input.kind}`)
    return { parameters, steps, changes: { kubernetesPatch: cluster.kubernetesPatch } }
  },

  async driverCall(_tx, ctx, { subject: cluster, operation }, run) {
    const driver = await getDriver(ctx, cluster.driver as DriverName)
    const driverCluster = {
      ...toDriverCluster(cluster, cluster.dataCenter),
      nodesAtStart: nodesAtStartOf(operation.parameters),
    }
    return () => callDriver(driver, operation, driverCluster, run)
  },

  async keepProgress(tx, { subject: cluster }, outcome) {
    if (!outcome.nodes) return false
    await replaceNodes(tx, cluster.id, outcome.nodes)
    return true
  },

  keepResults: (tx, ctx, { subject: cluster }, outcome, at) =>
    storeStepResults(tx, ctx.config.secretsKey, cluster.id, outcome, at),
  finish: finishClusterOperation,
  failed: clusterOperationFailed,

  async setStatus(tx, cluster, changes) {
    await tx.update(clusters).set(changes).where(eq(clusters.id, cluster.id))
  },

  async meter(tx, ctx, cluster, at, moment) {
    // A retried cluster's bill follows at the operation's end, as the status it rests in decides.
    if (moment === 'retry') return
    await ctx.provisioningHooks.metering.syncClusterMeter(tx, cluster.id, at)
  },

  recordEvent: (tx, cluster, operationId, event) =>
    recordEvent(tx, cluster, operationId, event as Parameters<typeof recordEvent>[3]),
  announce: publishClusterChange,
  endAnnouncementNamesOperation: true,
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
