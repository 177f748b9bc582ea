import { lazy, type ReactNode, Suspense, useRef } from 'react'
import { useLocation } from 'react-router'
import { ROUTES, type RouteName, routeMatches } from '#common/routes.ts'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { holdsSessionHint, useUser } from '#web/lib/current-user.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'

/**
 * Pages of the public and plain layouts that a member reaches from the console — an order's
 * progress, a new ticket — shown in the console for members, so that following "Track order" or
 * "New ticket" does not leave the console for the marketing site (and its promotion). Visitors
 * keep the layout the route table gives these pages.
 */
const MEMBER_PAGES_IN_CONSOLE: readonly RouteName[] = [
  'orderStatusList',
  'orderStatus',
  'technicalSupport',
  'billingSupport',
  'submitTicket',
]

export function showsInConsoleForMembers(pathname: string): boolean {
  return MEMBER_PAGES_IN_CONSOLE.some((route) => routeMatches(ROUTES[route], pathname))
}

// The console's frame comes with the first such page a member opens; visitors never load it.
const ConsoleShell = lazy(() =>
  import('./console-shell.tsx').then((module) => ({ default: module.ConsoleShell })),
)

/**
 * How a layout shows a page: in the console when a member opens one of the pages above, while the
 * session is being read a loading screen (so a member never sees the marketing frame first), or
 * in the layout's own frame.
 */
export function ConsoleForMembers({ children, frame }: { children: ReactNode; frame: ReactNode }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const { user, isLoading } = useUser()
  // Only a browser holding a session waits, and only for the first reading: a later one (the
  // frame's header asking again) must not take the frame away, or its remounting would ask again
  // without end. A visitor sees the page at once.
  const settled = useRef(false)
  if (!isLoading) settled.current = true
  // The built page is the layout's frame: the first render matches it, then the console follows.
  const hydrated = useHydrated()
  if (!hydrated || !showsInConsoleForMembers(pathname)) return frame
  if (user) return <ConsoleFrame>{children}</ConsoleFrame>
  if (isLoading && !settled.current && holdsSessionHint())
    return <LoadingBlock label={t('common.loading')} className="p-6" />
  return frame
}

function ConsoleFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="flex h-dvh flex-col">
      <Suspense fallback={<LoadingBlock label={t('common.loading')} className="p-6" />}>
        <ConsoleShell>{children}</ConsoleShell>
      </Suspense>
    </div>
  )
}
