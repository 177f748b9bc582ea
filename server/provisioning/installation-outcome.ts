import { eq } from 'drizzle-orm'
import type { RealtimeMessageOf } from '#common/contract/realtime.ts'
import { href } from '#common/routes.ts'
import type { InstallationStatus } from '#common/schemas/installations.ts'
import type { ServerContext } from '#server/context.ts'
import type { Transaction } from '#server/db/client.ts'
import {
  clusters,
  type InstallationOperationRow,
  type InstallationRow,
  type InstallationStepRow,
  installationEvents,
  installations,
  orders,
} from '#server/db/schema/index.ts'
import type { UnitOfWork } from '#server/db/transaction.ts'
import { generatePassword, sealSecret } from '#server/lib/secrets.ts'
import { publishToOrganization } from '#server/realtime/publish.ts'
import { monthlyPriceCentsOf } from './cluster-outcome.ts'
import type { InstallationStepOutcome } from './driver.ts'
import {
  INSTALLATION_OPERATION_NAMES,
  INSTALLATION_RESTING_STATUS,
  installationFinishedMessage,
} from './installation-lifecycle.ts'
import { stepLabel } from './lifecycle.ts'

/**
 * How an installation's operation ends, what its finished steps leave on it, and how its changes
 * are made known: the installation adapter's side of an outcome
 * (server/provisioning/installation-subject.ts).
 */

type Ending = { subject: InstallationRow; operation: InstallationOperationRow; step: InstallationStepRow }

/** What a finished step published: the installation's endpoints and, once, its generated password. */
export async function storeInstallationResults(
  tx: Transaction,
  secretsKey: Buffer,
  installation: InstallationRow,
  outcome: Extract<InstallationStepOutcome, { state: 'done' }>,
  now: Date,
): Promise<void> {
  if (!outcome.endpoints && !outcome.username) return
  // The password is generated once, sealed, and kept through upgrades; a rotation replaces it.
  const password =
    outcome.username && !installation.passwordCiphertext
      ? { passwordCiphertext: sealSecret(secretsKey, generatePassword()), credentialsRotatedAt: now }
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

/**
 * The last step is done (the operation is marked succeeded): the installation rests and takes the
 * operation's version and settings, which it says.
 */
export async function finishInstallationOperation(
  uow: UnitOfWork,
  ctx: ServerContext,
  { subject: installation, operation }: Ending,
  now: Date,
): Promise<InstallationStatus> {
  const { tx } = uow
  const status = INSTALLATION_RESTING_STATUS[operation.kind]
  const { version, settings } = operation.parameters
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
    await removeFromClusterConfiguration(tx, ctx, installation, now)
  }
  await tx.update(installations).set(changes).where(eq(installations.id, installation.id))
  await ctx.provisioningHooks.metering.syncInstallationMeter(tx, installation.id, now)
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
    await ctx.provisioningHooks.notify.createNotification(uow, {
      userId: operation.requestedBy,
      type: 'success',
      title: `${INSTALLATION_OPERATION_NAMES[operation.kind]} finished`,
      message,
      link: href('productOrder', { id: installation.id }),
    })
  return status
}

/**
 * A step failed for good (the step, the operation and the installation are marked failed): the
 * history says where and why, and whoever asked hears of it.
 */
export async function installationOperationFailed(
  uow: UnitOfWork,
  ctx: ServerContext,
  { subject: installation, operation, step }: Ending,
  reason: string,
): Promise<void> {
  const { tx } = uow
  await recordInstallationEvent(
    tx,
    installation,
    operation.id,
    'operation_failed',
    `${INSTALLATION_OPERATION_NAMES[operation.kind]} failed at ${stepLabel(step.name)}: ${reason}`,
  )
  if (operation.requestedBy)
    await ctx.provisioningHooks.notify.createNotification(uow, {
      userId: operation.requestedBy,
      type: 'error',
      title: `${INSTALLATION_OPERATION_NAMES[operation.kind]} of ${installation.productName} failed`,
      message: reason,
      link: href('productOrder', { id: installation.id }),
    })
}

/**
 * An add-on chosen with the cluster, once removed, leaves the cluster's configuration, its monthly
 * price and its bill at this hour.
 */
async function removeFromClusterConfiguration(
  tx: Transaction,
  ctx: ServerContext,
  installation: InstallationRow,
  at: Date,
) {
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
  await ctx.provisioningHooks.metering.syncClusterMeter(tx, cluster.id, at)
}

/** A line of the installation's history (an installation keeps the type and message of each). */
export async function recordInstallationEvent(
  tx: Transaction,
  installation: InstallationRow,
  operationId: string,
  type: string,
  message: string,
): Promise<void> {
  await tx.insert(installationEvents).values({ installationId: installation.id, operationId, type, message })
}

/** Every member of the organization hears of the change (delivered at commit). */
export async function publishInstallationChange(
  uow: UnitOfWork,
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
  await publishToOrganization(uow, installation.organizationId, message)
}
