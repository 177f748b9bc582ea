import { LogOut } from 'lucide-react'
import { Link } from 'react-router'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '#web/components/ui/sheet.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { DrawerProps } from './dashboard-drawer.tsx'
import { MOBILE_DRAWER_LINKS } from './dashboard-nav.ts'
import { ExpandedNav, SectionLabel, SidebarFooter } from './dashboard-nav-parts.tsx'
import '#web/lib/strings/sidebar.ts'

/** The mobile drawer's sheet, loaded on demand (dashboard-drawer.tsx); its button stays in the frame. */
export function DashboardDrawerSheet({
  sections,
  counts,
  open,
  onOpenChange,
  onLogout,
  returnFocus,
}: DrawerProps & { returnFocus: () => void }) {
  const { t } = useTranslation()
  const close = () => onOpenChange(false)
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        closeLabel={t('sidebar.closeMenu')}
        data-testid="sidebar-drawer"
        // The button that opened it lives outside the sheet (it is there before this code).
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          returnFocus()
        }}
      >
        <div className="border-b px-5 py-4 pr-12">
          <SheetTitle>{t('sidebar.drawerTitle')}</SheetTitle>
          <SheetDescription className="sr-only">{t('sidebar.drawerDescription')}</SheetDescription>
        </div>
        <nav aria-label={t('sidebar.navigation')} className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
          <ExpandedNav sections={sections} counts={counts} onNavigate={close} />
          <SectionLabel>{t('sidebar.more')}</SectionLabel>
          <ul className="grid gap-0.5">
            {MOBILE_DRAWER_LINKS.map((link) => (
              <li key={link.id}>
                <Link
                  to={link.to}
                  onClick={close}
                  className="flex items-center rounded-md px-3 py-2 text-sm text-foreground/90 transition-colors hover:bg-accent"
                >
                  {t(`sidebar.${link.label}`)}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => {
                  close()
                  onLogout()
                }}
                className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-destructive transition-colors hover:bg-destructive/10"
              >
                <LogOut className="size-4" aria-hidden="true" />
                {t('sidebar.logout')}
              </button>
            </li>
          </ul>
        </nav>
        <SidebarFooter collapsed={false} onNavigate={close} />
      </SheetContent>
    </Sheet>
  )
}
