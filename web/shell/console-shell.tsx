import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { useLogout } from '#web/features/auth/api/logout.ts'
import { useSidebarCounts } from '#web/features/dashboard/api/get-sidebar-counts.ts'
import { MOBILE_MAX_WIDTH_PX, SIDEBAR_TOGGLE_EVENT } from '#web/lib/constants.ts'
import { useUser } from '#web/lib/current-user.ts'
import { usePageIsIdle } from '#web/lib/on-demand.ts'
import { useLanguage } from '#web/lib/preferences/preferences-provider.tsx'
import { prepareFormats } from '#web/lib/prepare-formats.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { DashboardMobileDrawer } from '#web/shell/dashboard-drawer.tsx'
import { dashboardNavFor } from '#web/shell/dashboard-nav.ts'
import { DashboardSidebar } from '#web/shell/dashboard-sidebar.tsx'
import { MAIN_CONTENT_ID, PublicHeader } from '#web/shell/public-header.tsx'
import '#web/lib/strings/dashboard.ts'

/**
 * The console: header on top, the sidebar at the left, the page beside it, the drawer on small
 * screens. The dashboard layout shows every page in it, and the few pages of other layouts a
 * member reaches from the console (an order's progress, a new ticket) show in it for members, so
 * the console does not turn into the marketing site under them.
 */
export function ConsoleShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { user } = useUser()
  // The counts wait for the screen's own reads and first drawing (docs/quality.md, "the reads,
  // the timers and the first paint").
  const screenDrawn = usePageIsIdle()
  const counts = useSidebarCounts({ enabled: Boolean(user) && screenDrawn }).data
  const sections = useMemo(() => dashboardNavFor(user?.role, user?.isOfficer), [user?.role, user?.isOfficer])
  const [collapsed, setCollapsed] = useState(false)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const logout = useLogout()
  const main = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  const { language } = useLanguage()

  // Every screen of the console shows amounts or times.
  useEffect(() => prepareFormats(language), [language])

  useEffect(() => {
    // Small screens open the drawer; large ones collapse or expand the sidebar.
    const toggle = () => {
      if (window.innerWidth <= MOBILE_MAX_WIDTH_PX) setDrawerOpen((open) => !open)
      else setCollapsed((value) => !value)
    }
    window.addEventListener(SIDEBAR_TOGGLE_EVENT, toggle)
    return () => window.removeEventListener(SIDEBAR_TOGGLE_EVENT, toggle)
  }, [])

  // The page scrolls inside <main>, which the router's scroll restoration does not see. A new
  // <main> is at the top already: scrolling it would only make the browser lay out the page in
  // the middle of its first drawing (some 15 ms on a phone).
  const scrolledFor = useRef(pathname)
  useEffect(() => {
    if (scrolledFor.current === pathname) return
    scrolledFor.current = pathname
    main.current?.scrollTo({ top: 0 })
  }, [pathname])

  return (
    <>
      <PublicHeader showMobileMenu={false} />
      <div className="flex min-h-0 flex-1">
        <DashboardSidebar
          sections={sections}
          counts={counts}
          collapsed={collapsed}
          organizationName={user?.companyName || t('dashboard.organizationFallback')}
          onToggleCollapsed={() => setCollapsed((value) => !value)}
        />
        <main
          ref={main}
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="min-w-0 flex-1 overflow-y-auto pb-24 outline-none min-[1025px]:pb-0"
        >
          {children}
        </main>
      </div>
      <DashboardMobileDrawer
        sections={sections}
        counts={counts}
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        // A failed logout from the drawer is only logged; the drawer has closed already.
        onLogout={() =>
          logout.mutate(undefined, { onError: (error) => console.warn('Logout failed', error) })
        }
      />
    </>
  )
}
