import { href } from '#common/routes.ts'
import { DEFAULT_AFTER_LOGIN_ROUTE, STORAGE_KEYS } from '#web/lib/constants.ts'

/**
 * The post-login target: a sign-in-required page visited while signed out is saved with its query
 * and hash, and the next successful sign-in returns there once.
 */

type TargetStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
type PageLocation = { pathname: string; search: string; hash: string }

/** The auth screens: never a target to come back to after signing in. */
const AUTH_SCREENS = new Set<string>(
  (
    [
      'signIn',
      'devLogin',
      'forgotPassword',
      'resetPassword',
      'verifyEmail',
      'verifyRegistrationEmail',
      'magicLinkLogin',
      'magicLink',
    ] as const
  ).map((name) => href(name)),
)

export function saveRedirectTarget(location: PageLocation, storage: TargetStorage = localStorage): void {
  const target = `${location.pathname}${location.search}${location.hash}`
  if (isSafeTarget(target)) storage.setItem(STORAGE_KEYS.redirectAfterLogin, target)
}

/** The saved target, left in place (the sign-in page names the page it leads back to). */
export function peekRedirectTarget(storage: TargetStorage = localStorage): string | null {
  const saved = storage.getItem(STORAGE_KEYS.redirectAfterLogin)
  return saved && isSafeTarget(saved) ? saved : null
}

/** Reads and clears the saved target; the dashboard when none (or none worth following) is saved. */
export function takeRedirectTarget(storage: TargetStorage = localStorage): string {
  const saved = storage.getItem(STORAGE_KEYS.redirectAfterLogin)
  storage.removeItem(STORAGE_KEYS.redirectAfterLogin)
  return saved && isSafeTarget(saved) ? saved : href(DEFAULT_AFTER_LOGIN_ROUTE)
}

/**
 * Only a path of this site is followed — never another origin (`//host`, `/\host`, `https:`) —
 * and never an auth screen, which would send a signed-in user back to a sign-in form.
 */
export function isSafeTarget(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false
  if ([...target].some((character) => character.charCodeAt(0) < 0x20)) return false
  const pathname = target.split(/[?#]/, 1)[0]!.replace(/\/+$/, '') || '/'
  return !AUTH_SCREENS.has(pathname)
}
