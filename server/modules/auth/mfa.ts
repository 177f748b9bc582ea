import { eq } from 'drizzle-orm'
import { validationMessage } from '#common/validation-messages.ts'
import type { ServerContext } from '#server/context.ts'
import type { Queryable } from '#server/db/client.ts'
import { recoveryCodes, users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import type { Caller } from '#server/lib/caller.ts'
import { badRequest, conflict } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { confirmPassword } from './reauthentication.ts'
import { issueRecoveryCodes } from './recovery-codes.ts'
import { revokeAccess } from './revocation.ts'
import { consumeTotp, newTotpSecret, sealTotpSecret, totpUri } from './totp.ts'

async function assertMfaOn(db: Queryable, userId: string) {
  const [row] = await db.select({ mfaEnabled: users.mfaEnabled }).from(users).where(eq(users.id, userId))
  if (!row?.mfaEnabled) throw conflict('Two-factor authentication is not on', 'MFA_NOT_ENABLED')
}

const self = (caller: Caller) => ({ type: 'user' as const, id: caller.userId, label: caller.label ?? null })

/**
 * Starts enrolment: a new secret is stored (sealed), but MFA is on only once a code from it is
 * confirmed. The answer is the one time the secret leaves the server.
 */
export async function startMfaEnrolment(ctx: ServerContext, caller: Caller, password: string) {
  const account = await confirmPassword(ctx, caller, password)
  if (account.mfaEnabled) throw conflict('Two-factor authentication is already on', 'MFA_ALREADY_ENABLED')
  const secret = newTotpSecret()
  await ctx.db
    .update(users)
    .set({
      mfaSecret: sealTotpSecret(ctx.config.secretsKey, secret),
      mfaLastTimeStep: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, caller.userId))
  return { secret, otpauthUrl: totpUri(secret, account.email) }
}

/** Turns MFA on with a first code; the ten recovery codes are returned this once. */
export async function confirmMfaEnrolment(ctx: ServerContext, caller: Caller, code: string) {
  return inTransaction(ctx.db, async ({ tx }) => {
    const [row] = await tx
      .select({ mfaSecret: users.mfaSecret, mfaEnabled: users.mfaEnabled })
      .from(users)
      .where(eq(users.id, caller.userId))
      .for('update')
    if (row?.mfaEnabled) throw conflict('Two-factor authentication is already on', 'MFA_ALREADY_ENABLED')
    if (!row?.mfaSecret)
      throw badRequest('Start the set-up of two-factor authentication first', 'MFA_NOT_STARTED')
    if (!(await consumeTotp(tx, ctx.config.secretsKey, caller.userId, code)))
      throw badRequest(validationMessage('mfaCodeInvalid'), 'INVALID_MFA_CODE')
    await tx.update(users).set({ mfaEnabled: true, updatedAt: new Date() }).where(eq(users.id, caller.userId))
    const codes = await issueRecoveryCodes(tx, ctx.config.sessionSecret, caller.userId)
    // A privilege change: other sessions, which never gave a second factor, end.
    await revokeAccess(tx, {
      userId: caller.userId,
      change: 'mfa_enabled',
      actor: caller,
      keepSessionId: caller.sessionId,
    })
    await recordAudit(tx, caller, 'mfa.enabled', self(caller))
    return codes
  })
}

export async function disableMfa(ctx: ServerContext, caller: Caller, password: string, code: string) {
  await assertMfaOn(ctx.db, caller.userId)
  await confirmPassword(ctx, caller, password)
  await inTransaction(ctx.db, async ({ tx }) => {
    if (!(await consumeTotp(tx, ctx.config.secretsKey, caller.userId, code)))
      throw badRequest(validationMessage('mfaCodeInvalid'), 'INVALID_MFA_CODE')
    await tx
      .update(users)
      .set({ mfaEnabled: false, mfaSecret: null, mfaLastTimeStep: null, updatedAt: new Date() })
      .where(eq(users.id, caller.userId))
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, caller.userId))
    await recordAudit(tx, caller, 'mfa.disabled', self(caller))
  })
}

/** Ten new recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: ServerContext, caller: Caller, password: string) {
  await assertMfaOn(ctx.db, caller.userId)
  await confirmPassword(ctx, caller, password)
  return inTransaction(ctx.db, async ({ tx }) => {
    const codes = await issueRecoveryCodes(tx, ctx.config.sessionSecret, caller.userId)
    await recordAudit(tx, caller, 'mfa.recovery_codes_regenerated', self(caller))
    return codes
  })
}
