import { eq } from 'drizzle-orm'
import type { MembershipStatus } from '#common/schemas/accounts.ts'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import { forbidden } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/service.ts'
import { recordLoginFailure } from './lockout.ts'
import { createSession, type SessionMeta } from './sessions.ts'

/** The account a sign-in is about, as the audit log names it. */
export type Entrant = {
  id: string
  email: string
  organizationId: string
  membershipStatus: MembershipStatus
}

export type SignInMethod =
  | 'password'
  | 'mfa'
  | 'recovery_code'
  | 'magic_link'
  | 'passkey'
  | 'invitation'
  | 'development'

/**
 * A member enters only once approved and while active. Checked after the password, so the answer
 * tells nothing to someone who does not know it.
 */
export function assertMayEnter(account: Pick<Entrant, 'membershipStatus'>): void {
  if (account.membershipStatus === 'pending')
    throw forbidden(
      'Your registration waits for approval by an administrator of your organization. You will get an email once it is approved.',
      'REGISTRATION_PENDING',
    )
  if (account.membershipStatus === 'deactivated')
    throw forbidden(
      'Your account has been deactivated by an administrator of your organization.',
      'ACCOUNT_DEACTIVATED',
    )
}

/** Every way in ends here: a full session, the last sign-in time and the audit entry, together. */
export async function openSession(
  db: Queryable,
  secret: string,
  account: Entrant,
  meta: SessionMeta,
  method: SignInMethod,
) {
  const session = await createSession(db, secret, account.id, meta)
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
