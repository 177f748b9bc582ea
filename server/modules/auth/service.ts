import type { User } from '#common/schemas/auth.ts'
import { validationMessage } from '#common/validation-messages.ts'
import type { ServerContext } from '#server/context.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { notFound, unauthorized } from '#server/lib/errors.ts'
import { findUserForLogin, toUserResponse } from '#server/modules/users/index.ts'
import { assertMayEnter } from './account-gate.ts'
import { clearLoginFailures } from './lockout.ts'
import { verifyAgainstDummy, verifyPassword } from './passwords.ts'
import { consumeRecoveryCode } from './recovery-codes.ts'
import {
  type ActiveSession,
  createSession,
  deleteSession,
  recordMfaAttempt,
  type SessionMeta,
} from './sessions.ts'
import { attemptSignIn, openSession } from './sign-in.ts'
import { consumeTotp } from './totp.ts'

export type NewSession = { token: string; expiresAt: Date }
const MAX_MFA_ATTEMPTS = 5

export type LoginResult =
  | { kind: 'signed-in'; user: User; session: NewSession }
  | { kind: 'mfa-required'; session: NewSession }

const invalidCredentials = () => unauthorized('Invalid username or password', 'INVALID_CREDENTIALS')

export async function login(
  ctx: ServerContext,
  credentials: { username: string; password: string },
  meta: SessionMeta,
): Promise<LoginResult> {
  const { db, config } = ctx
  const account = await findUserForLogin(db, credentials.username)
  if (!account) {
    await verifyAgainstDummy(credentials.password)
    throw invalidCredentials()
  }
  const passwordRight = await attemptSignIn(db, {
    account,
    meta,
    policy: config.loginLockout,
    reason: 'password',
    prove: () => verifyPassword(account.passwordHash, credentials.password),
  })
  if (!passwordRight) throw invalidCredentials()
  assertMayEnter(account)
  if (account.mfaEnabled && account.mfaSecret) {
    // Failures are forgiven only once the second factor is given too.
    const session = await createSession(db, config.sessionSecret, account.id, { ...meta, mfaPending: true })
    return { kind: 'mfa-required', session }
  }
  const session = await inTransaction(db, async ({ tx }) => {
    await clearLoginFailures(tx, account.id)
    return openSession(tx, config.sessionSecret, account, meta, 'password')
  })
  const { passwordHash: _hash, mfaSecret: _secret, ...user } = account
  return { kind: 'signed-in', user: toUserResponse(user), session }
}

/**
 * Second step of an MFA login: a code of the authenticator, or one of the recovery codes. The
 * pending session is replaced by a full one (new id).
 */
export async function completeMfaLogin(
  ctx: ServerContext,
  pending: ActiveSession | undefined,
  proof: { code: string } | { recoveryCode: string },
  meta: SessionMeta,
) {
  const { db, config } = ctx
  if (!pending?.mfaPending || !pending.user.mfaSecret) {
    throw unauthorized(
      'Your sign-in has expired. Please enter your username and password again.',
      'MFA_SESSION_MISSING',
    )
  }
  const attempts = await recordMfaAttempt(db, pending.idHash)
  if (attempts > MAX_MFA_ATTEMPTS) {
    await deleteSession(db, pending.idHash)
    throw unauthorized('Too many incorrect codes. Please sign in again.', 'MFA_TOO_MANY_ATTEMPTS')
  }
  const byRecoveryCode = 'recoveryCode' in proof
  // Wrong codes count against the account like wrong passwords, across fresh logins.
  const accepted = await attemptSignIn(db, {
    account: pending.user,
    meta,
    policy: config.loginLockout,
    reason: byRecoveryCode ? 'recovery_code' : 'mfa_code',
    prove: (tx) =>
      byRecoveryCode
        ? consumeRecoveryCode(tx, config.sessionSecret, pending.user.id, proof.recoveryCode)
        : consumeTotp(tx, config.secretsKey, pending.user.id, proof.code),
  })
  if (!accepted) {
    throw unauthorized(
      byRecoveryCode
        ? 'This recovery code is not valid or was already used'
        : validationMessage('mfaCodeInvalid'),
      byRecoveryCode ? 'INVALID_RECOVERY_CODE' : 'INVALID_MFA_CODE',
    )
  }
  assertMayEnter(pending.user)
  const session = await inTransaction(db, async ({ tx }) => {
    await clearLoginFailures(tx, pending.user.id)
    await deleteSession(tx, pending.idHash)
    return openSession(tx, config.sessionSecret, pending.user, meta, byRecoveryCode ? 'recovery_code' : 'mfa')
  })
  const { mfaSecret: _secret, ...user } = pending.user
  return { user: toUserResponse(user), session }
}

/**
 * Development only (a developer's own machine, demo accounts only: server/modules/dev): sign in as
 * a demo account without its password or code, but never as an account the gate keeps out.
 */
export async function devLogin(ctx: ServerContext, username: string, meta: SessionMeta) {
  const account = await findUserForLogin(ctx.db, username)
  if (!account) throw notFound('No such demo user')
  assertMayEnter(account)
  const session = await inTransaction(ctx.db, ({ tx }) =>
    openSession(tx, ctx.config.sessionSecret, account, meta, 'development'),
  )
  const { passwordHash: _hash, mfaSecret: _secret, ...user } = account
  return { user: toUserResponse(user), session }
}
