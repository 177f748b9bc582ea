import { eq } from 'drizzle-orm'
import { validationMessage } from '#common/validation-messages.ts'
import type { ServerContext } from '#server/context.ts'
import { users } from '#server/db/schema/index.ts'
import { badRequest, conflict, unauthorized } from '#server/lib/errors.ts'
import type { UserWithOrganization } from '#server/modules/users/queries.ts'
import { verifyPassword } from './passwords.ts'
import { deleteUserSessions } from './sessions.ts'
import { isValidTotp, newTotpSecret, totpUri } from './totp.ts'

/** Changing the second factor needs the password again (re-authentication). */
async function assertPassword(
  ctx: ServerContext,
  userId: string,
  password: string,
): Promise<{ mfaSecret: string | null }> {
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash, mfaSecret: users.mfaSecret })
    .from(users)
    .where(eq(users.id, userId))
  if (!row || !(await verifyPassword(row.passwordHash, password)))
    throw unauthorized('Your password is not correct', 'INVALID_PASSWORD')
  return row
}

/** Starts enrolment: a new secret is stored, but MFA is on only once a code from it is confirmed. */
export async function startMfaEnrolment(ctx: ServerContext, user: UserWithOrganization, password: string) {
  if (user.mfaEnabled) throw conflict('Two-factor authentication is already on', 'MFA_ALREADY_ENABLED')
  await assertPassword(ctx, user.id, password)
  const secret = newTotpSecret()
  await ctx.db.update(users).set({ mfaSecret: secret, updatedAt: new Date() }).where(eq(users.id, user.id))
  return { secret, otpauthUrl: totpUri(secret, user.email) }
}

export async function confirmMfaEnrolment(
  ctx: ServerContext,
  user: UserWithOrganization,
  code: string,
  currentSessionHash: string,
) {
  if (user.mfaEnabled) throw conflict('Two-factor authentication is already on', 'MFA_ALREADY_ENABLED')
  const [row] = await ctx.db.select({ mfaSecret: users.mfaSecret }).from(users).where(eq(users.id, user.id))
  if (!row?.mfaSecret)
    throw badRequest('Start the set-up of two-factor authentication first', 'MFA_NOT_STARTED')
  if (!(await isValidTotp(row.mfaSecret, code)))
    throw badRequest(validationMessage('mfaCodeInvalid'), 'INVALID_MFA_CODE')
  await ctx.db.update(users).set({ mfaEnabled: true, updatedAt: new Date() }).where(eq(users.id, user.id))
  // A privilege change: other sessions, which never gave a second factor, end.
  await deleteUserSessions(ctx.db, user.id, currentSessionHash)
}

export async function disableMfa(
  ctx: ServerContext,
  user: UserWithOrganization,
  password: string,
  code: string,
) {
  if (!user.mfaEnabled) throw conflict('Two-factor authentication is not on', 'MFA_NOT_ENABLED')
  const { mfaSecret } = await assertPassword(ctx, user.id, password)
  if (!mfaSecret || !(await isValidTotp(mfaSecret, code)))
    throw badRequest(validationMessage('mfaCodeInvalid'), 'INVALID_MFA_CODE')
  await ctx.db
    .update(users)
    .set({ mfaEnabled: false, mfaSecret: null, updatedAt: new Date() })
    .where(eq(users.id, user.id))
}
