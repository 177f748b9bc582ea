import { asc, eq } from 'drizzle-orm'
import { href } from '#common/routes.ts'
import type { ServerContext } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import {
  clusters,
  type InstallationOperationRow,
  type InstallationRow,
  type InstallationStepRow,
  installationOperations,
  installationSteps,
  installations,
  orders,
} from '#server/db/schema/index.ts'
import type { SqlExecutor } from '#server/db/transaction.ts'
import type { ClusterStepAttempt, InstallationStepJob } from '#server/jobs/provisioning.ts'
import { enqueueInstallationStep } from '#server/jobs/provisioning.ts'
import { generatePassword, sealSecret } from '#server/lib/secrets.ts'
import { syncClusterMeter, syncInstallationMeter } from '#server/modules/billing/index.ts'
import { createNotification } from '#server/modules/notifications/index.ts'
import type { InstallationStepOutcome, InstallationStepRun } from './driver.ts'
import { getDriver } from './drivers.ts'
import {
  driverInstallationOf,
  publishInstallationChange,
  recordInstallationEvent,
} from './installation-engine.ts'
import {
  INSTALLATION_OPERATION_NAMES,
  INSTALLATION_RESTING_STATUS,
  installationFinishedMessage,
} from './installation-lifecycle.ts'
import { stepLabel } from './lifecycle.ts'
import { monthlyPriceCentsOf } from './operation-outcome.ts'
import { askDriver, runStepJob, type StepJobRun } from './step-jobs.ts'

/**
 * The installation step job, as the cluster's (server/provisioning/step-runner.ts): lock the
 * installation and the operation's steps, ask the driver, record the answer and the next job in
 * one transaction. A crash leaves the old state with its job, or the new state with the next.
 */

export function runInstallationStep(
  ctx: ServerContext,
  job: InstallationStepJob,
  attempt: ClusterStepAttempt,
): Promise<void> {
  return runStepJob(
    ctx,
    attempt,
    (tx, sqlExecutor, run) => advanceStep(tx, sqlExecutor, ctx, job, run),
    async (tx, sqlExecutor, reason) => {
      const locked = await lockStep(tx, job)
      if (locked) await failOperation(tx, sqlExecutor, locked, reason)
    },
  )
}

type LockedStep = {
  installation: InstallationRow
  operation: InstallationOperationRow
  step: InstallationStepRow
  steps: InstallationStepRow[]
}

async function lockStep(tx: Database, job: InstallationStepJob): Promise<LockedStep | null> {
  const [installation] = await tx
    .select()
    .from(installations)
    .where(eq(installations.id, job.installationId))
    .for('update')
  const steps = await tx
    .select()
    .from(installationSteps)
    .where(eq(installationSteps.operationId, job.operationId))
    .orderBy(asc(installationSteps.position))
    .for('update')
  const [operation] = await tx
    .select()
    .from(installationOperations)
    .where(eq(installationOperations.id, job.operationId))
  const step = steps.find((entry) => entry.id === job.stepId)
  if (!installation || !operation || !step || step.installationId !== installation.id) return null
  if (step.status === 'succeeded' || step.status === 'failed') return null
  if (operation.status === 'succeeded' || operation.status === 'failed') return null
  if (installation.activeOperationId !== operation.id) return null
  return { installation, operation, step, steps }
}

async function advanceStep(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  job: InstallationStepJob,
  options: StepJobRun,
): Promise<void> {
  const locked = await lockStep(tx, job)
  if (!locked) return
  const { installation, operation, step } = locked
  const now = new Date()
  const starting = step.status === 'pending'
  const attempts = starting || options.restarted ? step.attempts + 1 : step.attempts
  const run: InstallationStepRun = { name: step.name, startedAt: step.startedAt ?? now, attempts }
  if (operation.status === 'queued')
    await tx
      .update(installationOperations)
      .set({ status: 'running', startedAt: now })
      .where(eq(installationOperations.id, operation.id))

  const target = await driverInstallationOf(tx, installation, operation.parameters)
  const driver = await getDriver(ctx, target.driver)
  const outcome = await askDriver(() => driver.installations.run(operation.kind, target, run), options)
  const started = { ...step, status: 'running' as const, startedAt: run.startedAt, attempts }

  switch (outcome.state) {
    case 'waiting': {
      const message = outcome.message ?? step.message
      if (starting || attempts !== step.attempts || message !== step.message)
        await tx
          .update(installationSteps)
          .set({ status: 'running', startedAt: run.startedAt, attempts, finishedAt: null, message })
          .where(eq(installationSteps.id, step.id))
      if (starting)
        await publishInstallationChange(sqlExecutor, installation, installation.status, operation.id)
      await enqueueInstallationStep(ctx.queue, sqlExecutor, job, {
        afterSeconds: Math.max(0, outcome.retryAfterSeconds),
        position: step.position,
      })
      return
    }
    case 'done':
      await completeStep(tx, sqlExecutor, ctx, { ...locked, step: started }, outcome)
      return
    case 'failed':
      await failOperation(tx, sqlExecutor, { ...locked, step: started }, outcome.reason)
      return
  }
}

async function completeStep(
  tx: Database,
  sqlExecutor: SqlExecutor,
  ctx: ServerContext,
  { installation, operation, step, steps }: LockedStep,
  outcome: Extract<InstallationStepOutcome, { state: 'done' }>,
): Promise<void> {
  const now = new Date()
  await tx
    .update(installationSteps)
    .set({
      status: 'succeeded',
      startedAt: step.startedAt,
      attempts: step.attempts,
      finishedAt: now,
      message: outcome.message ?? step.message,
    })
    .where(eq(installationSteps.id, step.id))
  if (outcome.endpoints || outcome.username) {
    // The password is generated once, sealed, and kept through upgrades; a rotation replaces it.
    const password =
      outcome.username && !installation.passwordCiphertext
        ? {
            passwordCiphertext: sealSecret(ctx.config.secretsKey, generatePassword()),
            credentialsRotatedAt: now,
          }
        : {}
    await tx
      .update(installations)
      .set({
        ...(outcome.endpoints ? { endpoints: outcome.endpoints } : {}),
        ...(outcome.username ? { username: outcome.username } : {}),
        ...password,
        updatedAt: now,
      })
      .where(eq(installations.id, installation.id))
  }
  await recordInstallationEvent(
    tx,
    installation,
    operation.id,
    'step_succeeded',
    outcome.message ? `${stepLabel(step.name)}: ${outcome.message}` : `${stepLabel(step.name)} done`,
  )
  const next = steps.find((entry) => entry.position === step.position + 1)
  if (next) {
    await enqueueInstallationStep(
      ctx.queue,
      sqlExecutor,
      { operationId: operation.id, stepId: next.id, installationId: installation.id },
      { position: next.position },
    )
    await publishInstallationChange(sqlExecutor, installation, installation.status, operation.id)
    return
  }
  await finishOperation(tx, sqlExecutor, installation, operation)
}

/** The last step is done: the installation rests and takes the operation's version and settings. */
async function finishOperation(
  tx: Database,
  sqlExecutor: SqlExecutor,
  installation: InstallationRow,
  operation: InstallationOperationRow,
): Promise<void> {
  const now = new Date()
  const status = INSTALLATION_RESTING_STATUS[operation.kind]
  const { version, settings } = operation.parameters
  await tx
    .update(installationOperations)
    .set({ status: 'succeeded', finishedAt: now, error: null })
    .where(eq(installationOperations.id, operation.id))
  const changes: Partial<typeof installations.$inferInsert> = {
    status,
    statusReason: null,
    activeOperationId: null,
    updatedAt: now,
  }
  if (operation.kind === 'upgrade' || operation.kind === 'rollback' || operation.kind === 'reconfigure') {
    changes.version = version ?? installation.version
    changes.settings = settings ?? installation.settings
    if (operation.kind !== 'reconfigure') {
      changes.previousVersion = installation.version
      changes.previousSettings = installation.settings
    }
  }
  if (operation.kind === 'uninstall') {
    changes.uninstalledAt = now
    changes.endpoints = []
    await removeFromClusterConfiguration(tx, installation, now)
  }
  await tx.update(installations).set(changes).where(eq(installations.id, installation.id))
  await syncInstallationMeter(tx, installation.id, now)
  const message = installationFinishedMessage(
    operation.kind,
    installation.productName,
    changes.version ?? installation.version,
  )
  await recordInstallationEvent(tx, installation, operation.id, 'operation_succeeded', message)
  if (operation.kind === 'install' && installation.orderId)
    await tx
      .update(orders)
      .set({ status: 'fulfilled', updatedAt: now })
      .where(eq(orders.id, installation.orderId))
  if (operation.requestedBy)
    await createNotification(tx, sqlExecutor, {
      userId: operation.requestedBy,
      type: 'success',
      title: `${INSTALLATION_OPERATION_NAMES[operation.kind]} finished`,
      message,
      link: href('productOrder', { id: installation.id }),
    })
  await publishInstallationChange(sqlExecutor, installation, status, null)
}

/** A step failed for good: the installation shows `failed` with the reason and offers a retry. */
async function failOperation(
  tx: Database,
  sqlExecutor: SqlExecutor,
  { installation, operation, step }: LockedStep,
  reason: string,
): Promise<void> {
  const now = new Date()
  await tx
    .update(installationSteps)
    .set({
      status: 'failed',
      startedAt: step.startedAt ?? now,
      attempts: step.attempts,
      finishedAt: now,
      message: reason,
    })
    .where(eq(installationSteps.id, step.id))
  await tx
    .update(installationOperations)
    .set({ status: 'failed', error: reason, finishedAt: now })
    .where(eq(installationOperations.id, operation.id))
  await tx
    .update(installations)
    .set({ status: 'failed', statusReason: reason, activeOperationId: null, updatedAt: now })
    .where(eq(installations.id, installation.id))
  await syncInstallationMeter(tx, installation.id, now)
  await recordInstallationEvent(
    tx,
    installation,
    operation.id,
    'operation_failed',
    `${INSTALLATION_OPERATION_NAMES[operation.kind]} failed at ${stepLabel(step.name)}: ${reason}`,
  )
  if (operation.requestedBy)
    await createNotification(tx, sqlExecutor, {
      userId: operation.requestedBy,
      type: 'error',
      title: `${INSTALLATION_OPERATION_NAMES[operation.kind]} of ${installation.productName} failed`,
      message: reason,
      link: href('productOrder', { id: installation.id }),
    })
  await publishInstallationChange(sqlExecutor, installation, 'failed', null)
}

/**
 * An add-on chosen with the cluster, once removed, leaves the cluster's configuration, its monthly
 * price and its bill at this hour.
 */
async function removeFromClusterConfiguration(tx: Database, installation: InstallationRow, at: Date) {
  if (installation.productKind !== 'add_on') return
  const [cluster] = await tx
    .select()
    .from(clusters)
    .where(eq(clusters.id, installation.clusterId))
    .for('update')
  const configuration = cluster?.configuration
  if (!cluster || !configuration?.addOnIds.includes(installation.productId)) return
  const changed = {
    ...configuration,
    addOnIds: configuration.addOnIds.filter((id) => id !== installation.productId),
  }
  await tx
    .update(clusters)
    .set({ configuration: changed, monthlyPriceCents: await monthlyPriceCentsOf(tx, changed), updatedAt: at })
    .where(eq(clusters.id, cluster.id))
  await syncClusterMeter(tx, cluster.id, at)
}
