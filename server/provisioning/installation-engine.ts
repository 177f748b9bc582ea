import { and, asc, desc, eq } from 'drizzle-orm'
import type { RealtimeMessageOf } from '#common/contract/realtime.ts'
import type { InstallationOperationKind } from '#common/schemas/installations.ts'
import type { ServerContext } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import {
  clusters,
  type InstallationOperationRow,
  type InstallationRow,
  type InstallationStepRow,
  installationEvents,
  installationOperations,
  installationSteps,
  installations,
} from '#server/db/schema/index.ts'
import type { SqlExecutor } from '#server/db/transaction.ts'
import { enqueueInstallationStep, startInstallationStepWorkers } from '#server/jobs/provisioning.ts'
import { conflict, notFound } from '#server/lib/errors.ts'
import { syncInstallationMeter } from '#server/modules/billing/index.ts'
import { findProduct } from '#server/modules/catalog/index.ts'
import { publishToOrganization } from '#server/realtime/publish.ts'
import type { DriverInstallation, DriverName } from './driver.ts'
import { driverClusterOf, getDriver } from './drivers.ts'
import {
  INSTALLATION_OPERATION_NAMES,
  INSTALLATION_STARTS_FROM,
  INSTALLATION_TRANSITIONAL_STATUS,
} from './installation-lifecycle.ts'
import { runInstallationStep } from './installation-steps.ts'

/**
 * Installations change through operations of the provisioning engine, as clusters do: each step is
 * a job that locks the installation, asks the cluster's driver, and records the answer with the
 * next job in one transaction (docs/decisions/011 and 017). One operation at a time per
 * installation; another is refused with 409.
 */

export type InstallationParameters = InstallationOperationRow['parameters']

export type NewInstallationOperation = {
  installationId: string
  kind: InstallationOperationKind
  /** upgrade: `{ version }` (settings may come along); reconfigure: `{ settings }`. */
  parameters?: { version?: string; settings?: Record<string, unknown> }
  requestedBy: string | null
}

export async function startInstallationOperation(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  input: NewInstallationOperation,
): Promise<{ operation: InstallationOperationRow; steps: InstallationStepRow[] }> {
  const [installation] = await tx
    .select()
    .from(installations)
    .where(eq(installations.id, input.installationId))
    .for('update')
  if (!installation) throw notFound('Installation not found')
  assertIdle(installation)
  if (!INSTALLATION_STARTS_FROM[input.kind].includes(installation.status))
    throw conflict(
      `${installation.productName} is ${installation.status}: ${INSTALLATION_OPERATION_NAMES[input.kind].toLowerCase()} is not possible now`,
      'INSTALLATION_NOT_READY',
    )
  const parameters = operationParameters(installation, input)
  const driverInstallation = await driverInstallationOf(tx, installation, parameters)
  const driver = await getDriver(ctx, driverInstallation.driver)
  const plan = driver.installations.plan(input.kind, driverInstallation)

  const now = new Date()
  const [operation] = await tx
    .insert(installationOperations)
    .values({
      installationId: installation.id,
      organizationId: installation.organizationId,
      kind: input.kind,
      parameters,
      requestedBy: input.requestedBy,
      createdAt: now,
    })
    .returning()
  const steps = await tx
    .insert(installationSteps)
    .values(
      plan.map((step, position) => ({
        operationId: operation!.id,
        installationId: installation.id,
        name: step.name,
        position,
        estimatedSeconds: step.estimatedSeconds,
      })),
    )
    .returning()
  steps.sort((a, b) => a.position - b.position)
  const status = INSTALLATION_TRANSITIONAL_STATUS[input.kind]
  await tx
    .update(installations)
    .set({ status, statusReason: null, activeOperationId: operation!.id, updatedAt: now })
    .where(eq(installations.id, installation.id))
  await syncInstallationMeter(tx, installation.id, now)
  await recordInstallationEvent(
    tx,
    installation,
    operation!.id,
    'operation_started',
    startedMessage(input.kind, parameters),
  )
  await enqueueInstallationStep(
    ctx.queue,
    sqlExecutor,
    { operationId: operation!.id, stepId: steps[0]!.id, installationId: installation.id },
    { position: 0 },
  )
  await publishInstallationChange(sqlExecutor, installation, status, operation!.id)
  return { operation: operation!, steps }
}

/** Resumes a failed installation's failed operation from its failed step. */
export async function retryInstallationOperation(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  installationId: string,
): Promise<InstallationOperationRow> {
  const [installation] = await tx
    .select()
    .from(installations)
    .where(eq(installations.id, installationId))
    .for('update')
  if (!installation) throw notFound('Installation not found')
  assertIdle(installation)
  if (installation.status !== 'failed')
    throw conflict(
      `${installation.productName} has not failed: there is nothing to retry`,
      'NOTHING_TO_RETRY',
    )
  const [operation] = await tx
    .select()
    .from(installationOperations)
    .where(
      and(
        eq(installationOperations.installationId, installationId),
        eq(installationOperations.status, 'failed'),
      ),
    )
    .orderBy(desc(installationOperations.createdAt))
    .limit(1)
  const steps = operation
    ? await tx
        .select()
        .from(installationSteps)
        .where(eq(installationSteps.operationId, operation.id))
        .orderBy(asc(installationSteps.position))
        .for('update')
    : []
  const resumeFrom = steps.find((step) => step.status !== 'succeeded')
  if (!operation || !resumeFrom)
    throw conflict(`${installation.productName} has no failed step to retry`, 'NOTHING_TO_RETRY')
  const now = new Date()
  await tx
    .update(installationSteps)
    .set({ status: 'pending', startedAt: null, finishedAt: null, message: null })
    .where(eq(installationSteps.id, resumeFrom.id))
  const [resumed] = await tx
    .update(installationOperations)
    .set({ status: 'running', error: null, finishedAt: null })
    .where(eq(installationOperations.id, operation.id))
    .returning()
  const status = INSTALLATION_TRANSITIONAL_STATUS[operation.kind]
  await tx
    .update(installations)
    .set({ status, statusReason: null, activeOperationId: operation.id, updatedAt: now })
    .where(eq(installations.id, installation.id))
  await syncInstallationMeter(tx, installation.id, now)
  await recordInstallationEvent(
    tx,
    installation,
    operation.id,
    'operation_retried',
    `${INSTALLATION_OPERATION_NAMES[operation.kind]} retried`,
  )
  await enqueueInstallationStep(
    ctx.queue,
    sqlExecutor,
    { operationId: operation.id, stepId: resumeFrom.id, installationId: installation.id },
    { position: resumeFrom.position },
  )
  await publishInstallationChange(sqlExecutor, installation, status, operation.id)
  return resumed!
}

function assertIdle(installation: InstallationRow) {
  if (installation.activeOperationId)
    throw conflict(
      `${installation.productName} is already being changed; wait until that finishes`,
      'OPERATION_IN_PROGRESS',
    )
}

/** Where the operation takes the installation, and where it comes from (for the history's diff). */
function operationParameters(
  installation: InstallationRow,
  input: NewInstallationOperation,
): InstallationParameters {
  const from = { fromVersion: installation.version, fromSettings: installation.settings }
  switch (input.kind) {
    case 'rollback':
      if (!installation.previousVersion)
        throw conflict(
          `${installation.productName} has no earlier version to roll back to`,
          'NOTHING_TO_ROLL_BACK',
        )
      return {
        ...from,
        version: installation.previousVersion,
        settings: installation.previousSettings ?? installation.settings,
      }
    case 'upgrade':
    case 'reconfigure':
      return {
        ...from,
        version: input.parameters?.version ?? installation.version,
        settings: input.parameters?.settings ?? installation.settings,
      }
    default:
      return { ...from, version: installation.version, settings: installation.settings }
  }
}

/** The installation as its cluster's driver sees it, at the version and settings the operation goes to. */
export async function driverInstallationOf(
  db: Database,
  installation: InstallationRow,
  parameters: InstallationParameters,
): Promise<DriverInstallation & { driver: DriverName }> {
  const [cluster] = await db.select().from(clusters).where(eq(clusters.id, installation.clusterId))
  if (!cluster) throw notFound('Cluster not found')
  const product = await findProduct(db, installation.productId)
  const version = parameters.version ?? installation.version
  const chartVersion = product.versions.find((entry) => entry.version === version)?.chartVersion ?? version
  return {
    id: installation.id,
    organizationId: installation.organizationId,
    productId: installation.productId,
    productKind: installation.productKind,
    productName: installation.productName,
    namespace: installation.namespace,
    planId: installation.planId,
    version,
    chart: { ...product.chart, version: chartVersion },
    settings: parameters.settings ?? installation.settings,
    cluster: await driverClusterOf(db, cluster),
    driver: cluster.driver as DriverName,
  }
}

function startedMessage(kind: InstallationOperationKind, parameters: InstallationParameters): string {
  if (kind === 'upgrade') return `Upgrade from ${parameters.fromVersion} to ${parameters.version} started`
  if (kind === 'rollback') return `Rollback to ${parameters.version} started`
  return `${INSTALLATION_OPERATION_NAMES[kind]} started`
}

export async function recordInstallationEvent(
  tx: Database,
  installation: InstallationRow,
  operationId: string,
  type: string,
  message: string,
): Promise<void> {
  await tx.insert(installationEvents).values({ installationId: installation.id, operationId, type, message })
}

/** Every member of the organization hears of the change (delivered at commit). */
export async function publishInstallationChange(
  sqlExecutor: SqlExecutor,
  installation: InstallationRow,
  status: InstallationRow['status'],
  operationId: string | null,
): Promise<void> {
  const message: RealtimeMessageOf<'installation'> = {
    type: 'installation',
    installationId: installation.id,
    clusterId: installation.clusterId,
    status,
    operationId,
  }
  await publishToOrganization(sqlExecutor, installation.organizationId, message)
}

/** Registers the installation step workers on the queue (processes whose role is not `web`). */
export async function startInstallationWorkers(
  ctx: ServerContext,
  options: { workers?: number; batchSize?: number } = {},
): Promise<void> {
  await startInstallationStepWorkers(
    ctx.queue,
    (job, attempt) => runInstallationStep(ctx, job, attempt),
    options,
  )
}
