import { eq } from 'drizzle-orm'
import type { InstallationOperationKind, InstallationStatus } from '#common/schemas/installations.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import {
  clusters,
  type InstallationOperationRow,
  type InstallationRow,
  type InstallationStepRow,
  installations,
} from '#server/db/schema/index.ts'
import type { UnitOfWork } from '#server/db/transaction.ts'
import { conflict, notFound } from '#server/lib/errors.ts'
import type { DriverInstallation, DriverName, InstallationStepOutcome } from './driver.ts'
import { driverClusterOf, getDriver } from './drivers.ts'
import type { ProvisioningHooks } from './hooks.ts'
import {
  INSTALLATION_OPERATION_NAMES,
  INSTALLATION_STARTS_FROM,
  INSTALLATION_TRANSITIONAL_STATUS,
} from './installation-lifecycle.ts'
import {
  finishInstallationOperation,
  installationOperationFailed,
  publishInstallationChange,
  recordInstallationEvent,
  storeInstallationResults,
} from './installation-outcome.ts'
import { retrySubjectOperation, type StartedOperation, startSubjectOperation } from './operation-engine.ts'
import { INSTALLATION_OPERATIONS } from './operation-records.ts'
import type { SubjectAdapter } from './subject-adapter.ts'

/**
 * Installations of the marketplace's products as the engine's subject: installed, upgraded,
 * reconfigured, rolled back and removed by operations whose steps the cluster's driver plans and
 * runs. One operation at a time per installation; another is refused with 409.
 */

export type InstallationParameters = InstallationOperationRow['parameters']

export type NewInstallationOperation = {
  installationId: string
  kind: InstallationOperationKind
  /** upgrade: `{ version }` (settings may come along); reconfigure: `{ settings }`. */
  parameters?: { version?: string; settings?: Record<string, unknown> }
  requestedBy: string | null
}

type InstallationTypes = {
  subject: InstallationRow
  operation: InstallationOperationRow
  step: InstallationStepRow
  kind: InstallationOperationKind
  status: InstallationStatus
  outcome: InstallationStepOutcome
  input: NewInstallationOperation
}

export function startInstallationOperation(
  uow: UnitOfWork,
  ctx: ServerContext,
  input: NewInstallationOperation,
): Promise<StartedOperation<InstallationTypes>> {
  return startSubjectOperation(installationAdapter, { uow, ctx }, { subjectId: input.installationId, input })
}

/** Resumes a failed installation's failed operation from its failed step. */
export async function retryInstallationOperation(
  uow: UnitOfWork,
  ctx: ServerContext,
  installationId: string,
): Promise<InstallationOperationRow> {
  const { operation } = await retrySubjectOperation(installationAdapter, { uow, ctx }, installationId)
  return operation
}

export const installationAdapter: SubjectAdapter<InstallationTypes> = {
  tables: INSTALLATION_OPERATIONS,

  async lock(tx, installationId) {
    const [installation] = await tx
      .select()
      .from(installations)
      .where(eq(installations.id, installationId))
      .for('update')
    return installation ?? null
  },

  noun: 'Installation',
  nameOf: (installation) => installation.productName,
  lifecycle: {
    transitional: INSTALLATION_TRANSITIONAL_STATUS,
    startsFrom: INSTALLATION_STARTS_FROM,
    notReadyCode: 'INSTALLATION_NOT_READY',
    operationNames: INSTALLATION_OPERATION_NAMES,
    startedMessage,
    retriedMessage: (kind) => `${INSTALLATION_OPERATION_NAMES[kind]} retried`,
  },

  async plan(tx, ctx, installation, input) {
    const parameters = operationParameters(installation, input)
    const target = await driverInstallationOf(tx, installation, parameters, ctx.provisioningHooks)
    const driver = await getDriver(ctx, target.driver)
    return { parameters, steps: driver.installations.plan(input.kind, target) }
  },

  async driverCall(tx, ctx, { subject: installation, operation }, run) {
    const target = await driverInstallationOf(tx, installation, operation.parameters, ctx.provisioningHooks)
    const driver = await getDriver(ctx, target.driver)
    return () => driver.installations.run(operation.kind, target, run)
  },

  // An installation's steps keep nothing while they wait.
  keepProgress: async () => false,
  keepResults: (tx, ctx, { subject: installation }, outcome, at) =>
    storeInstallationResults(tx, ctx.config.secretsKey, installation, outcome, at),
  finish: finishInstallationOperation,
  failed: installationOperationFailed,

  async setStatus(tx, installation, changes) {
    await tx.update(installations).set(changes).where(eq(installations.id, installation.id))
  },

  meter: (tx, ctx, installation, at) =>
    ctx.provisioningHooks.metering.syncInstallationMeter(tx, installation.id, at),
  recordEvent: (tx, installation, operationId, event) =>
    recordInstallationEvent(tx, installation, operationId, event.type, event.message),
  announce: publishInstallationChange,
  // At its end, the live message says no operation is active on the installation any more.
  endAnnouncementNamesOperation: false,
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
  db: Queryable,
  installation: InstallationRow,
  parameters: InstallationParameters,
  hooks: ProvisioningHooks,
): Promise<DriverInstallation & { driver: DriverName }> {
  const [cluster] = await db.select().from(clusters).where(eq(clusters.id, installation.clusterId))
  if (!cluster) throw notFound('Cluster not found')
  const product = await hooks.products.findProduct(db, installation.productId)
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
