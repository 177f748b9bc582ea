import { endpointAt } from '#common/contract/index.ts'
import type { MembershipStatus } from '#common/schemas/accounts.ts'
import { forbidden, unauthorized } from '#server/lib/errors.ts'

/*
 * The one answer to "may this account act?", asked by every way in: a session cookie, an API
 * token, a password, a second factor, a recovery code, a passkey, a magic link, the development
 * sign-in, a cluster's token review, and the admin and officer checks. An active member acts; a
 * registrant whose membership waits for approval makes only the short list of calls below; a
 * deactivated or removed (or erased) account does nothing at all.
 */

export type Standing = 'active' | 'pending' | 'refused'

type Account = { membershipStatus: MembershipStatus }

export function standingOf(account: Account): Standing {
  if (account.membershipStatus === 'active') return 'active'
  if (account.membershipStatus === 'pending') return 'pending'
  return 'refused'
}

/**
 * What a registrant waiting for approval may call, as `METHOD /route`: their own account, their
 * notifications, what the shell asks on every page, and the way out. Anything else answers 403 until an admin approves them.
 */
export const PENDING_CALLS: ReadonlySet<string> = new Set(['GET /ws'])

export const pendingMayCall = (method: string, route: string) =>
  endpointAt(method, route)?.openToPending === true || PENDING_CALLS.has(`${method} ${route}`)

const pendingRefusal = () =>
  forbidden(
    'Your registration waits for approval by an administrator of your organization. You will get an email once it is approved.',
    'REGISTRATION_PENDING',
  )

/**
 * A signed-in caller's call (`route` is the route's pattern): 401 for an account that may not act,
 * as if signed out; 403 for a waiting registrant outside their calls.
 */
export function assertMayAct(account: Account, method: string, route: string): void {
  const standing = standingOf(account)
  if (standing === 'active') return
  if (standing === 'refused') throw unauthorized('Please sign in to continue')
  if (!pendingMayCall(method, route)) throw pendingRefusal()
}

/**
 * A sign-in, after the password or other proof (so the answer tells nothing to someone without
 * it): only an active member gets a session.
 */
export function assertMayEnter(account: Account): void {
  if (account.membershipStatus === 'pending') throw pendingRefusal()
  if (account.membershipStatus === 'deactivated')
    throw forbidden(
      'Your account has been deactivated by an administrator of your organization.',
      'ACCOUNT_DEACTIVATED',
    )
  if (standingOf(account) !== 'active')
    throw unauthorized('Invalid username or password', 'INVALID_CREDENTIALS')
}

/** Credentials that outlive a session (API tokens, passkeys, kubeconfigs) need a proven address. */
export function assertEmailVerified(account: { emailVerified: boolean }): void {
  if (!account.emailVerified)
    throw forbidden(
      'Verify your email address first: open the link we sent you, or ask for a new one on your account page.',
      'EMAIL_NOT_VERIFIED',
    )
}
