import { eq } from 'drizzle-orm'
import type { MembershipStatus, UserRole } from '#common/schemas/accounts.ts'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import { recordAudit } from '#server/modules/audit/service.ts'
import { recordLoginFailure } from './lockout.ts'
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
