import { isWithin } from '#common/routes.ts'
import { EMAIL_VERIFICATION_EXEMPT_PATHS } from '#web/lib/constants.ts'

/**
 * Whether the blocking verification modal shows: for a signed-in user whose email is not verified,
 * who has not chosen to continue without it in this browser session, and not on the pages that sign
 * in or follow a mail link (nor on support, which the modal links to).
 */
export function shouldShowVerificationModal(input: {
  user: { id: string; emailVerified: boolean } | null | undefined
  pathname: string
  /** The user id stored at dismissal; undefined while session storage has not been read. */
  dismissedUserId: string | null | undefined
}): boolean {
  const { user, pathname, dismissedUserId } = input
  if (user?.emailVerified !== false) return false
  if (dismissedUserId === undefined || dismissedUserId === user.id) return false
  return !isExemptPath(pathname)
}

export function isExemptPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  return EMAIL_VERIFICATION_EXEMPT_PATHS.some((exempt) => isWithin(path, exempt))
}
