import { LayoutDashboard, LogIn } from 'lucide-react'
import { useState } from 'react'
import { Link, NavLink } from 'react-router'
import type { User } from '#common/schemas/auth.ts'
import { Logo } from '#web/components/layout/logo.tsx'
import { HEADER_NAV, LINKS } from '#web/components/layout/nav-links.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useLogout } from '#web/features/auth/api/logout.ts'
import { NotificationMenu } from '#web/features/notifications/components/notification-menu.tsx'
import { useOfficerAccess } from '#web/features/officers/api/check-access.ts'
import { cn } from '#web/lib/cn.ts'
import { holdsSessionHint, useUser } from '#web/lib/current-user.ts'
import { usePageIsIdle } from '#web/lib/on-demand.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { AvatarMenu } from './avatar-menu.tsx'
import { ClusterTypesMenu } from './cluster-types-menu.tsx'
import { CurrencySwitcher } from './currency-switcher.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { ThemeToggle } from './theme-toggle.tsx'
import '#web/lib/strings/header.ts'

/** The id the skip link jumps to; layouts put it on their <main>. */
export const MAIN_CONTENT_ID = 'main-content'

/**
 * The public header: logo, nav (Support only when signed in, then the cluster types), theme toggle, currency and language
 * switchers, then the bell, Dashboard and avatar menu when signed in, or Sign In. Desktop nav shows
 * above 1024 px; below, the floating menu takes over. Layouts with their own mobile drawer (the
 * dashboard) pass `showMobileMenu={false}`.
 */
export function PublicHeader({
  className,
  showMobileMenu = true,
  withSkipLink = true,
}: {
  className?: string
  showMobileMenu?: boolean
  /** Layouts with something focusable above the header render <SkipLink /> first themselves. */
  withSkipLink?: boolean
}) {
  const { t } = useTranslation()
  const { user: sessionUser, isLoading } = useUser()
  const logout = useLogout()
  // Logout clears the cached user at once; the signed-in header stays, showing "Logging out...",
  // until the app leaves for the site root.
  const [leavingUser, setLeavingUser] = useState<User | null>(null)
  const user = sessionUser ?? (logout.isPending ? leavingUser : null)
  // Asked once the screen is drawn: the link it adds is no part of what the screen opens on.
  const screenDrawn = usePageIsIdle()
  const isOfficer = useOfficerAccess(screenDrawn ? user?.id : undefined)
  // Without the session hint the browser holds no session: once hydrated, "Sign In" shows at once
  // instead of a placeholder that would change width (moving the switchers) when /api/user answers.
  const hydrated = useHydrated()
  const accountPending = isLoading && !user && (!hydrated || holdsSessionHint())
  const links = HEADER_NAV.filter((link) => !link.signedInOnly || user)
  const session = {
    isLoggingOut: logout.isPending,
    logOut: (source: string) => {
      setLeavingUser(sessionUser)
      // A failure is reported by the logout itself (toast) and only logged here.
      logout.mutate(undefined, {
        onError: (error) => console.warn(`Logout from the ${source} failed`, error),
      })
    },
  }

  return (
    <>
      <header
        className={cn(
          'sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75',
          className,
        )}
      >
        {withSkipLink && <SkipLink />}
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
          <Logo compact />
          <nav aria-label={t('header.mainNavigation')} className="ml-6 hidden min-[1025px]:block">
            <ul className="flex items-center gap-1">
              {links.map((link) => (
                <li key={link.name}>
                  <NavLink
                    to={LINKS[link.name]}
                    className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground aria-[current=page]:text-foreground aria-[current=page]:bg-accent"
                  >
                    {t(`header.nav.${link.name}`)}
                  </NavLink>
                </li>
              ))}
              <li>
                <ClusterTypesMenu />
              </li>
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
            <ThemeToggle />
            <CurrencySwitcher />
            <LanguageSwitcher className="hidden sm:inline-flex" />
            <span className="mx-1 hidden h-6 w-px bg-border sm:block" aria-hidden="true" />
            {accountPending ? (
              <span role="status" aria-label={t('header.accountLoading')}>
                <Skeleton className="h-9 w-20" />
              </span>
            ) : user ? (
              <div className="flex items-center gap-1 sm:gap-2">
                <NotificationMenu />
                <Button asChild variant="outline" size="sm" className="hidden min-[1025px]:inline-flex">
                  <Link to={LINKS.dashboard}>
                    <LayoutDashboard aria-hidden="true" />
                    {t('header.nav.dashboard')}
                  </Link>
                </Button>
                <AvatarMenu user={user} isOfficer={isOfficer} {...session} />
              </div>
            ) : (
              <Button asChild size="sm" className="ml-1">
                <Link to={LINKS.auth}>
                  <LogIn aria-hidden="true" />
                  {t('header.signIn')}
                </Link>
              </Button>
            )}
          </div>
        </div>
      </header>
      {/* Outside the header: its backdrop filter would pin the floating button to the header. */}
      {showMobileMenu && <MobileMenu user={user} isOfficer={isOfficer} {...session} />}
    </>
  )
}

/** The first stop of the Tab key: jumps past the header to the page's <main>. */
export function SkipLink() {
  const { t } = useTranslation()
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
    >
      {t('header.skipToContent')}
    </a>
  )
}
