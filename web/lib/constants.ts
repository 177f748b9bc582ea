import type { RouteName } from '#common/routes.ts'

/** The web app's fixed numbers, keys and texts in one place; tests check them by value. */

export const QUERY_DEFAULTS = {
  staleTime: 0,
  gcTime: 30 * 60 * 1000,
  refetchInterval: false,
  refetchOnWindowFocus: false,
  retry: false,
} as const

export const GET_CACHE_TTL_MS = 5 * 60 * 1000
export const GET_CACHE_MAX_ENTRIES = 100
export const GET_CACHE_PRUNE_COUNT = 50

export const USER_RETRY_COUNT = 2
export const USER_RETRY_DELAY_MS = 1000
/**
 * How long the answer of /api/user stands for the parts of a screen that mount after it (its menus,
 * its sections drawn later): with the stale time of 0 each of them read it again, three more reads
 * per console load. A screen opened later asks again.
 */
export const USER_FRESH_MS = 10_000

export const SIDEBAR_COUNTS_REFETCH_MS = 30_000
export const SIDEBAR_COUNTS_STALE_MS = 5_000
export const NOTIFICATIONS_POLL_MS = 10_000
export const OFFICERS_ACCESS_STALE_MS = 5 * 60 * 1000
export const CLUSTER_TIERS_STALE_MS = 30 * 60 * 1000
/** The running version and environment: kept 5 minutes. */
export const VERSION_SUMMARY_STALE_MS = 5 * 60 * 1000
/** Where a static page keeps the answers it reuses across page loads (their path follows). */
export const STATIC_PAGE_CACHE_KEY = 'staticPageCache:v1:'

export const SOCKET_RECONNECT_MS = 5_000
export const NOTIFICATION_BADGE_CAP = 99
export const NOTIFICATIONS_INITIAL = 5
export const NOTIFICATIONS_PAGE = 10
export const NOTIFICATION_PANEL_MAX_HEIGHT_PX = 300

export const TOAST_LIMIT = 3
export const TOAST_REMOVE_DELAY_MS = 6_000
export const TOAST_DEFAULT_DURATION_MS = 5_000
export const TOAST_SWIPE_THRESHOLD_PX = 50
export const TOAST_HOTKEY = ['F8'] as const
export const NOTIFICATION_TOAST_MS = 3_000
export const COPY_TOAST_MS = 3_000
export const RESTORE_TOAST_MS = 2_500
export const COPIED_LABEL_MS = 2_000

export const AUTH_REDIRECT_DELAY_MS = 100
export const MOBILE_MAX_WIDTH_PX = 1024
/** Phones and tablets, told by their user agent. */
export const MOBILE_USER_AGENT_PATTERN =
  /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i

export const RATES_CACHE_TTL_MS = 10 * 60 * 1000
export const RATES_REQUEST_TIMEOUT_MS = 5_000
export const RATES_CACHE_KEY = 'exchangeRates:v1'

export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300
export const MENU_TYPEAHEAD_RESET_MS = 1_000

export const DEFAULT_VERSION_TEXT = 'v1.15.0 (loading...)'
export const COPYRIGHT_YEAR = 2025
export const PROMO_CODE = 'PARIS'
export const PROMO_DISCOUNT_PERCENT = 5
/** Session storage: the promo bar stays dismissed for the browser session. */
export const PROMO_DISMISSED_SESSION_KEY = 'promoBarDismissed'

/** Preferences: their values and defaults. */
export const THEMES = ['light', 'dark', 'system'] as const
export const DEFAULT_THEME = 'system'
export const BILLING_CYCLES = ['monthly', 'yearly'] as const
export const DEFAULT_BILLING_CYCLE = 'monthly'
export const DEFAULT_CURRENCY = 'EUR'
/** The header's currency switcher lists them in this order. */
export const CURRENCY_SWITCHER_ORDER = ['USD', 'GBP', 'EUR'] as const

/** Keys in local storage the app reads and writes. */
export const STORAGE_KEYS = {
  currency: 'currency',
  billingCycle: 'billingCycle',
  theme: 'theme',
  redirectAfterLogin: 'redirectAfterLogin',
} as const

/** Removed at logout. */
export const LOGOUT_REMOVED_KEYS = [
  'redirectAfterLogin',
  'mfaToken',
  'tempUserId',
  'authToken',
  'refreshToken',
  'loginTimestamp',
] as const

export const LOGOUT_BROADCAST_CHANNEL = 'clusterdeck-auth'
export const LOGOUT_MESSAGE_TYPE = 'LOGOUT'

/** The dashboard sidebar: w-72 expanded, w-16 collapsed. */
export const SIDEBAR_WIDTH_CLASS = { expanded: 'w-72', collapsed: 'w-16' } as const
/** Dispatched on `window` to open or close the sidebar drawer on small screens. */
export const SIDEBAR_TOGGLE_EVENT = 'clusterdeck:sidebar-toggle'
export const SIDEBAR_ADMIN_ROLES = ['admin', 'super_admin'] as const

export const REALTIME_SOCKET_PATH = '/ws'
/** Session storage key: the id of the user who chose to continue without verifying their email. */
export const EMAIL_VERIFICATION_DISMISSED_KEY = 'emailVerificationDismissed'
/** Pages where the verification modal stays away: signing in and following mail links. */
export const EMAIL_VERIFICATION_EXEMPT_PATHS = [
  'signIn',
  'verifyEmail',
  'verifyRegistrationEmail',
  'magicLink',
  'resetPassword',
  'support',
] as const satisfies readonly RouteName[]

/** Where a sign-in goes when no page asked for it. */
export const DEFAULT_AFTER_LOGIN_ROUTE = 'dashboard' satisfies RouteName

/** The configuration flow's page slide: 0.4 s in, 0.3 s out, 20 px sideways. */
export const FLOW_SLIDE_IN_MS = 400
export const FLOW_SLIDE_OUT_MS = 300
export const FLOW_SLIDE_OFFSET_PX = 20
