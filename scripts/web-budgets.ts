/**
 * The performance budget of the web app. A signed-in screen loads at most 150 KiB of JavaScript
 * (Brotli, as the server sends it) before it can answer; a public page at most 80 KiB. The size
 * budget test holds every build to the sizes; `npm run bench:web` measures the rest on a phone
 * and a desktop (Lighthouse performance, Total Blocking Time, layout shift, interaction latency).
 */
export const BUDGET = {
  screenFirstLoadBytes: 150 * 1024,
  publicFirstLoadBytes: 80 * 1024,
  mobilePerformance: 90,
  desktopPerformance: 98,
  publicMobilePerformance: 95,
  totalBlockingTimeMs: 200,
  cumulativeLayoutShift: 0.05,
  interactionMs: 200,
} as const

/**
 * The signed-in screens under budget, by their route path, and who opens them. `ceilingKiB` is
 * where each screen stands today on the way to the budget (Brotli KiB of first-load JavaScript):
 * the size test fails when a change makes a screen heavier than that, and each ceiling comes down
 * as the screen gets lighter, until it meets `BUDGET.screenFirstLoadBytes` (150) and stays there.
 */
export const BUDGETED_SCREENS = [
  { route: '/dashboard', user: 'customer', ceilingKiB: 150 },
  { route: '/my-clusters', user: 'customer', ceilingKiB: 150 },
  { route: '/clusters/:id', user: 'customer', ceilingKiB: 150 },
  { route: '/configure-cluster', user: 'customer', ceilingKiB: 150 },
  { route: '/billing', user: 'customer', ceilingKiB: 150 },
  { route: '/usage', user: 'customer', ceilingKiB: 150 },
  { route: '/marketplace', user: 'customer', ceilingKiB: 150 },
  { route: '/orders', user: 'customer', ceilingKiB: 150 },
  { route: '/support', user: 'customer', ceilingKiB: 150 },
  { route: '/settings', user: 'customer', ceilingKiB: 150 },
  { route: '/officers/panel', user: 'officer', ceilingKiB: 150 },
] as const satisfies readonly { route: string; user: 'customer' | 'officer'; ceilingKiB: number }[]

/**
 * The most files a screen's first load may come in (17 today, /clusters/:id): the framework, each
 * layout's frame and the pop-up libraries' shared parts come as one chunk each (vite.config.ts,
 * scripts/vite/frame-chunks.ts), icons and small shared modules travel with what imports them
 * (scripts/vite/small-modules-with-their-users.ts), and a phone pays a round trip per file.
 */
export const SCREEN_FIRST_LOAD_FILES_CEILING = 20

/**
 * Where the public pages stand (10.4 KiB, the static pages' island script): well within their
 * budget, and kept there, so that a module the islands load cannot bring a library in unnoticed.
 */
export const PUBLIC_PAGES_CEILING_KIB = 13

/** The prerendered public pages under budget. */
export const BUDGETED_PUBLIC_PAGES = ['/', '/pricing', '/cluster-types/blue', '/documentation'] as const
