import { eq } from 'drizzle-orm'
import type { MembershipStatus, UserRole } from '#common/schemas/accounts.ts'
import type { Database, Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { assertNotLockedOut, type LockoutPolicy, lockSignInAttempts, recordLoginFailure } from './lockout.ts'
import { createSession, type SessionMeta } from './sessions.ts'

/** The account a sign-in is about, as the audit log names it. */
export type Entrant = {
  id: string
  email: string
  organizationId: string
  membershipStatus: MembershipStatus
  role: UserRole
  isOfficer: boolean
}

export type SignInMethod =
  | 'password'
  | 'mfa'
  | 'recovery_code'
  | 'magic_link'
  | 'passkey'
  | 'invitation'
  | 'development'

/** Every way in ends here: a full session, the last sign-in time and the audit entry, together. */
export async function openSession(
  db: Queryable,
  secret: string,
  account: Entrant,
  meta: SessionMeta,
  method: SignInMethod,
) {
  const session = await createSession(db, secret, account.id, { ...meta, holder: account })
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, account.id))
  await recordAudit(
    db,
    { userId: account.id, organizationId: account.organizationId, label: account.email, ...meta },
    'session.signed_in',
    { type: 'user', id: account.id, label: account.email },
    { method },
  )
  return session
}

/**
 * One proof of an account (its password, a code, a recovery code), as one step under the account's
 * sign-in lock: refused while it is locked out (429), and a wrong proof is counted against it and
 * logged before the answer. True when the proof is right.
 */
export async function attemptSignIn(
  db: Database,
  attempt: {
    account: Entrant
    meta: SessionMeta
    policy: LockoutPolicy
    /** What was tried, as the audit log names a failure. */
    reason: string
    prove: (tx: Queryable) => Promise<boolean>
  },
): Promise<boolean> {
  const { account } = attempt
  return inTransaction(db, async ({ tx }) => {
    await lockSignInAttempts(tx, account.id)
    await assertNotLockedOut(tx, account.id, attempt.policy)
    if (await attempt.prove(tx)) return true
    await recordFailedSignIn(tx, account, attempt.meta, attempt.reason)
    return false
  })
}

/** A wrong password or code counts against the account and is in its organization's log. */
export async function recordFailedSignIn(db: Queryable, account: Entrant, meta: SessionMeta, reason: string) {
  await recordLoginFailure(db, account.id)
  await recordAudit(
    db,
    { userId: account.id, organizationId: account.organizationId, label: account.email, ...meta },
    'session.sign_in_failed',
    { type: 'user', id: account.id, label: account.email },
    { reason },
  )
}
