import { eq } from 'drizzle-orm'
import { compareVersions } from '#common/product-rules.ts'
import { validationMessage } from '#common/validation-messages.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { installations, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { badRequest, conflict, invalidFields, unauthorized, unprocessable } from '#server/lib/errors.ts'
import { generatePassword, openSecret, sealSecret } from '#server/lib/secrets.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { verifyPassword } from '#server/modules/auth/index.ts'
import { checkProductSettings, findProduct } from '#server/modules/catalog/index.ts'
import {
  type NewInstallationOperation,
  retryInstallationOperation,
  startInstallationOperation,
} from '#server/provisioning/index.ts'
import { installationRow } from './installations.ts'

/**
 * Changing an installation: upgrade, reconfigure, roll back, uninstall, retry, each an operation of
 * the engine (409 while another runs); and its connection password, revealed after the person's
 * own password and rotated on demand.
 */

export async function upgradeInstallation(
  ctx: ServerContext,
  caller: Caller,
  id: string,
  version: string,
  requested?: Record<string, unknown>,
) {
  const installation = await installationRow(ctx.db, caller, id)
  const product = await findProduct(ctx.db, installation.productId)
  if (!product.versions.some((entry) => entry.version === version))
    throw unprocessable(
      validationMessage('unknownProductVersion', { product: product.name, version }),
      'UNKNOWN_VERSION',
    )
  if (compareVersions(version, installation.version) <= 0)
    throw unprocessable(
      `${product.name} ${installation.version} is installed: choose a newer version to upgrade to`,
      'NOT_AN_UPGRADE',
    )
  // The settings are checked against the schema again, any new defaults filled in.
  const settings = validSettings(product, requested ?? installation.settings)
  return start(ctx, caller, { installationId: id, kind: 'upgrade', parameters: { version, settings } })
}

export async function reconfigureInstallation(
  ctx: ServerContext,
  caller: Caller,
  id: string,
  requested: Record<string, unknown>,
) {
  const installation = await installationRow(ctx.db, caller, id)
  const product = await findProduct(ctx.db, installation.productId)
  const settings = validSettings(product, requested)
  return start(ctx, caller, { installationId: id, kind: 'reconfigure', parameters: { settings } })
}

export async function rollBackInstallation(ctx: ServerContext, caller: Caller, id: string) {
  await installationRow(ctx.db, caller, id)
  return start(ctx, caller, { installationId: id, kind: 'rollback' })
}

export async function uninstallInstallation(
  ctx: ServerContext,
  caller: Caller,
  id: string,
  confirmName: string,
) {
  const installation = await installationRow(ctx.db, caller, id)
  if (confirmName.trim() !== installation.productName)
    throw badRequest(
      validationMessage('uninstallConfirmation', { name: installation.productName }),
      'CONFIRMATION_MISMATCH',
    )
  return start(ctx, caller, { installationId: id, kind: 'uninstall' })
}

export async function retryInstallation(ctx: ServerContext, caller: Caller, id: string) {
  const installation = await installationRow(ctx.db, caller, id)
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const started = await retryInstallationOperation(uow, ctx, id)
    await auditInstallation(tx, caller, installation, 'retry')
    return started
  })
}

function start(ctx: ServerContext, caller: Caller, input: Omit<NewInstallationOperation, 'requestedBy'>) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const started = await startInstallationOperation(uow, ctx, {
      ...input,
      requestedBy: caller.userId,
    })
    const installation = await installationRow(tx, caller, input.installationId)
    await auditInstallation(tx, caller, installation, input.kind)
    return started
  })
}

/** The audit entry of a change to an installation a member asked for, in its transaction. */
async function auditInstallation(
  tx: Queryable,
  caller: Caller,
  installation: { id: string; productName: string; namespace: string },
  operation: string,
) {
  await recordAudit(
    tx,
    caller,
    'installation.operation_started',
    {
      type: 'installation',
      id: installation.id,
      label: `${installation.productName} (${installation.namespace})`,
    },
    { operation },
  )
}

function validSettings(product: Awaited<ReturnType<typeof findProduct>>, requested: Record<string, unknown>) {
  const { settings, issues } = checkProductSettings(product, requested)
  if (issues.length > 0)
    throw invalidFields(
      issues.map((issue) => ({ path: ['body', ...issue.path].join('.'), message: issue.message })),
    )
  return settings
}

/**
 * The generated password, in clear, once the person has typed their own password again; the
 * audit log records who saw it (never the password itself), in the transaction that answers.
 */
export async function revealCredentials(ctx: ServerContext, caller: Caller, id: string, password: string) {
  const installation = await installationRow(ctx.db, caller, id)
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, caller.userId))
  if (!user || !(await verifyPassword(user.passwordHash, password)))
    throw unauthorized('Your password is not correct', 'INVALID_PASSWORD')
  const { passwordCiphertext, username } = installation
  if (!passwordCiphertext || !username)
    throw conflict(`${installation.productName} has no connection password yet`, 'NO_CREDENTIALS')
  const credentials = { username, password: openSecret(ctx.config.secretsKey, passwordCiphertext) }
  await inTransaction(ctx.db, ({ tx }) =>
    recordAudit(tx, caller, 'installation.credentials_revealed', {
      type: 'installation',
      id: installation.id,
      label: `${installation.productName} (${installation.namespace})`,
    }),
  )
  return credentials
}

/**
 * A new password replaces the old one, and a reconfiguration with the same settings carries it to
 * the release; both commit together (409 while another operation runs).
 */
export async function rotateCredentials(ctx: ServerContext, caller: Caller, id: string) {
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow
    const installation = await installationRow(tx, caller, id)
    if (!installation.passwordCiphertext)
      throw conflict(`${installation.productName} has no connection password yet`, 'NO_CREDENTIALS')
    await startInstallationOperation(uow, ctx, {
      installationId: id,
      kind: 'reconfigure',
      parameters: { settings: installation.settings },
      requestedBy: caller.userId,
    })
    await auditInstallation(tx, caller, installation, 'rotate_credentials')
    await tx
      .update(installations)
      .set({
        passwordCiphertext: sealSecret(ctx.config.secretsKey, generatePassword()),
        credentialsRotatedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(installations.id, id))
  })
}
