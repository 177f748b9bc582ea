import { Menu } from 'lucide-react'
import { useRef, useState } from 'react'
import { useLocation } from 'react-router'
import type { User } from '#common/schemas/auth.ts'
import { useIsMobile } from '#web/lib/mobile-detection.ts'
import { onDemand, startLoading } from '#web/lib/on-demand.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/header.ts'

export type MobileMenuProps = {
  user: User | null
  isOfficer: boolean
  isLoggingOut: boolean
  logOut: (source: string) => void
}

const dialog = onDemand(() => import('./mobile-menu-dialog.tsx'))

/**
 * On small, touch or tablet screens a floating bottom-right button opens the full menu: its items
 * depend on the session, then the preferences. The menu's code comes after the first paint
 * (on-demand.ts); a tap before that opens it as soon as it has come.
 */
export function MobileMenu(props: MobileMenuProps) {
  const { t } = useTranslation()
  const isMobile = useIsMobile()
  // Open only for the page and session it was opened on: navigating or signing out closes it.
  const location = useLocation()
  const openContext = `${location.key}:${props.user?.id ?? ''}`
  const [openIn, setOpenIn] = useState<string | null>(null)
  const open = openIn === openContext
  const loaded = dialog.useModule()
  const button = useRef<HTMLButtonElement>(null)
  if (!isMobile) return null

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={t('header.mobile.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        data-testid="mobile-menu-button"
        onPointerEnter={() => startLoading(dialog)}
        onClick={() => {
          startLoading(dialog)
          setOpenIn(openContext)
        }}
        className="fixed right-5 bottom-[max(1.25rem,env(safe-area-inset-bottom))] z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-primary/30 transition hover:bg-primary/90 active:scale-95"
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      {loaded && (
        <loaded.MobileMenuDialog
          {...props}
          open={open}
          onOpenChange={(next) => setOpenIn(next ? openContext : null)}
          returnFocus={() => button.current?.focus()}
        />
      )}
    </>
  )
}
