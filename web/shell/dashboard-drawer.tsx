import { PanelLeft } from 'lucide-react'
import { useRef } from 'react'
import { onDemand, startLoading } from '#web/lib/on-demand.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { SidebarProps } from './dashboard-nav-parts.tsx'
import { toggleDashboardSidebar } from './dashboard-sidebar.tsx'
import '#web/lib/strings/sidebar.ts'

export type DrawerProps = SidebarProps & {
  open: boolean
  onOpenChange: (open: boolean) => void
  onLogout: () => void
}

const sheet = onDemand(() => import('./dashboard-drawer-sheet.tsx'))

/**
 * The mobile drawer: the sidebar plus Pricing, Documentation, Tutorials, Support, Logout. Its
 * sheet's code comes after the first paint (on-demand.ts); a tap before that opens it as soon as
 * it has come.
 */
export function DashboardMobileDrawer(props: DrawerProps) {
  const { t } = useTranslation()
  const loaded = sheet.useModule()
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={button}
        type="button"
        onPointerEnter={() => startLoading(sheet)}
        onClick={() => {
          startLoading(sheet)
          toggleDashboardSidebar()
        }}
        aria-label={t('sidebar.openMenu')}
        aria-expanded={props.open}
        data-testid="sidebar-drawer-button"
        className="fixed bottom-5 left-5 z-40 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg ring-1 ring-black/5 transition-transform hover:scale-105 min-[1025px]:hidden"
      >
        <PanelLeft className="size-5" aria-hidden="true" />
      </button>
      {loaded && <loaded.DashboardDrawerSheet {...props} returnFocus={() => button.current?.focus()} />}
    </>
  )
}
