import { Building2, PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { cn } from '#web/lib/cn.ts'
import { SIDEBAR_TOGGLE_EVENT, SIDEBAR_WIDTH_CLASS } from '#web/lib/constants.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'

import {
  CollapsedNav,
  ExpandedNav,
  IconTooltip,
  SidebarFooter,
  type SidebarProps,
  TooltipScope,
} from './dashboard-nav-parts.tsx'
import '#web/lib/strings/sidebar.ts'

/** Opens or closes the sidebar from anywhere: the drawer on small screens, the collapse on large ones. */
export function toggleDashboardSidebar(): void {
  window.dispatchEvent(new Event(SIDEBAR_TOGGLE_EVENT))
}

/** The desktop sidebar: full width with labels, or collapsed to icons with tooltips. */
export function DashboardSidebar({
  sections,
  counts,
  collapsed,
  onToggleCollapsed,
  organizationName,
}: SidebarProps & { collapsed: boolean; onToggleCollapsed: () => void; organizationName: string }) {
  const { t } = useTranslation()
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose
  return (
    <TooltipScope enabled={collapsed}>
      <aside
        aria-label={t('sidebar.navigation')}
        data-testid="dashboard-sidebar"
        data-collapsed={collapsed}
        className={cn(
          'hidden shrink-0 flex-col border-r bg-card/60 transition-[width] duration-200 min-[1025px]:flex',
          collapsed ? SIDEBAR_WIDTH_CLASS.collapsed : SIDEBAR_WIDTH_CLASS.expanded,
        )}
      >
        <div
          className={cn(
            'flex h-12 items-center gap-2 border-b px-3',
            collapsed ? 'justify-center' : 'justify-between',
          )}
        >
          {!collapsed && (
            <p
              className="flex min-w-0 items-center gap-2 pl-2 text-sm font-medium"
              data-testid="sidebar-organization"
            >
              <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="truncate">{organizationName}</span>
            </p>
          )}
          <IconTooltip label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')} enabled={collapsed}>
            <button
              type="button"
              onClick={onToggleCollapsed}
              aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
              aria-expanded={!collapsed}
              className="rounded-md p-2 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
            >
              <ToggleIcon className="size-4" aria-hidden="true" />
            </button>
          </IconTooltip>
        </div>
        <nav aria-label={t('sidebar.navigation')} className="min-h-0 flex-1 overflow-y-auto px-2 py-3">
          {collapsed ? (
            <CollapsedNav sections={sections} />
          ) : (
            <ExpandedNav sections={sections} counts={counts} />
          )}
        </nav>
        <SidebarFooter collapsed={collapsed} />
      </aside>
    </TooltipScope>
  )
}
