import {
  BookOpen,
  GraduationCap,
  Home,
  LayoutDashboard,
  LifeBuoy,
  LogIn,
  LogOut,
  type LucideIcon,
  Settings,
  ShieldCheck,
  Tag,
  X,
} from 'lucide-react'
import { Dialog } from 'radix-ui'
import { NavLink } from 'react-router'
import { Logo } from '#web/components/layout/logo.tsx'
import { LINKS, type MobileMenuItem, mobileMenuItems } from '#web/components/layout/nav-links.ts'
import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { MobileMenuProps } from './mobile-menu.tsx'
import { CurrencyChoice, LanguageChoice, ThemeChoice } from './preference-choices.tsx'
import { displayNameOf } from './user-names.ts'
import '#web/lib/strings/header.ts'

const ITEM_ICONS: Partial<Record<MobileMenuItem, LucideIcon>> = {
  dashboard: LayoutDashboard,
  home: Home,
  pricing: Tag,
  documentation: BookOpen,
  tutorials: GraduationCap,
  support: LifeBuoy,
  officersPanel: ShieldCheck,
  settings: Settings,
  login: LogIn,
  logout: LogOut,
}

const itemClass =
  'flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-base font-medium transition-colors hover:bg-accent hover:text-accent-foreground aria-[current=page]:bg-primary/10 aria-[current=page]:text-primary [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-muted-foreground aria-[current=page]:[&_svg]:text-primary'

/** The mobile menu's dialog, loaded on demand (mobile-menu.tsx); its button stays in the frame. */
export function MobileMenuDialog({
  user,
  isOfficer,
  isLoggingOut,
  logOut,
  open,
  onOpenChange,
  returnFocus,
}: MobileMenuProps & { open: boolean; onOpenChange: (open: boolean) => void; returnFocus: () => void }) {
  const { t } = useTranslation()
  const close = () => onOpenChange(false)
  const label = (item: MobileMenuItem) => {
    if (item === 'login') return t('header.login')
    if (item === 'logout') return isLoggingOut ? t('header.session.loggingOut') : t('header.session.logout')
    return t(`header.nav.${item}`)
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid="mobile-menu"
          // The button that opened it lives outside the dialog (it is there before this code).
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocus()
          }}
          className="fixed inset-0 z-50 flex flex-col bg-background shadow-xl outline-none sm:left-auto sm:w-96 sm:border-l"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b px-4">
            <Logo className="-ml-1 p-1" />
            <Dialog.Close
              aria-label={t('header.mobile.close')}
              className="flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-4">
            <Dialog.Title className="sr-only">{t('header.mobile.title')}</Dialog.Title>
            {user ? (
              <Dialog.Description className="mb-4 rounded-lg bg-muted px-3 py-2.5 text-sm">
                <span className="block text-muted-foreground">{t('header.mobile.signedInAs')}</span>
                <span className="block truncate font-semibold">{displayNameOf(user)}</span>
              </Dialog.Description>
            ) : (
              <Dialog.Description className="mb-4 text-sm text-muted-foreground">
                {t('header.mobile.signedOut')}
              </Dialog.Description>
            )}
            <nav aria-label={t('header.mainNavigation')}>
              <ul className="grid gap-1" data-testid="mobile-menu-items">
                {mobileMenuItems(Boolean(user), isOfficer).map((item) => {
                  const Icon = ITEM_ICONS[item] ?? Home
                  if (item === 'logout') {
                    return (
                      <li key={item} className="mt-2 border-t pt-2">
                        <button
                          type="button"
                          disabled={isLoggingOut}
                          className={cn(
                            itemClass,
                            'text-destructive disabled:opacity-70 [&_svg]:text-destructive',
                          )}
                          onClick={() => logOut('mobile menu')}
                        >
                          <Icon aria-hidden="true" />
                          {label(item)}
                        </button>
                      </li>
                    )
                  }
                  return (
                    <li key={item}>
                      <NavLink
                        to={item === 'login' ? LINKS.auth : LINKS[item]}
                        end={item === 'home'}
                        onClick={close}
                        className={cn(
                          itemClass,
                          item === 'login' &&
                            'bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground [&_svg]:text-primary-foreground',
                        )}
                      >
                        <Icon aria-hidden="true" />
                        {label(item)}
                      </NavLink>
                    </li>
                  )
                })}
              </ul>
            </nav>
            <section className="mt-6 grid gap-3 border-t pt-5" aria-labelledby="mobile-menu-preferences">
              <h2
                id="mobile-menu-preferences"
                className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
              >
                {t('header.mobile.preferences')}
              </h2>
              <ThemeChoice />
              <CurrencyChoice />
              <LanguageChoice />
            </section>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
