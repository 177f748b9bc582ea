import { Building2, LogOut, Settings, ShieldCheck } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { User } from '#common/schemas/auth.ts'
import { menuContentClass, menuItemClass, menuSeparatorClass } from '#web/components/layout/menu-styles.ts'
import { LINKS } from '#web/components/layout/nav-links.ts'
import { cn } from '#web/lib/cn.ts'
import '#web/lib/strings/auth.ts'
import '#web/lib/strings/header.ts'

/** The name the header shows for a user: the username, else the email. */
export function displayNameOf(user: Pick<User, 'username' | 'email'>): string {
  return user.username || user.email
}

/**
 * The avatar menu: who is signed in, their organization and Billing ID, then Officers Panel
 * (officers only), Settings and Logout ("Logging out..." while pending).
 */
export function AvatarMenu({
  user,
  isOfficer,
  isLoggingOut,
  logOut,
}: {
  user: User
  isOfficer: boolean
  isLoggingOut: boolean
  logOut: (source: string) => void
}) {
  const { t } = useTranslation()
  const name = displayNameOf(user)
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('header.avatar.open', { name })}
        data-testid="avatar-menu-trigger"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground uppercase ring-offset-2 ring-offset-background transition hover:ring-2 hover:ring-primary/40"
      >
        {initialsOf(user.name || name)}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className={cn(menuContentClass, 'w-72')}
          data-testid="avatar-menu"
        >
          <div className="flex items-start gap-3 px-2.5 py-2.5">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary uppercase"
            >
              {initialsOf(user.name || name)}
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold" data-testid="avatar-name">
                {name}
              </p>
              <p className="truncate text-sm text-muted-foreground" data-testid="avatar-email">
                {user.email}
              </p>
            </div>
          </div>
          <div className="mx-1 mb-1 grid gap-1 rounded-md bg-muted px-2.5 py-2 text-xs">
            <p className="flex items-center gap-1.5 font-medium" data-testid="avatar-company">
              <Building2 className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="truncate">{user.companyName || t('header.avatar.organization')}</span>
            </p>
            <p className="text-muted-foreground" data-testid="avatar-billing-id">
              {t('header.avatar.billingId')}:{' '}
              <span className="font-mono text-foreground">
                {user.companyId || t('header.avatar.notAvailable')}
              </span>
            </p>
          </div>
          <DropdownMenu.Separator className={menuSeparatorClass} />
          {isOfficer && (
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link to={LINKS.officersPanel}>
                <ShieldCheck aria-hidden="true" />
                {t('header.nav.officersPanel')}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link to={LINKS.settings}>
              <Settings aria-hidden="true" />
              {t('header.nav.settings')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <DropdownMenu.Item
            className={cn(menuItemClass, 'text-destructive data-[highlighted]:text-destructive')}
            disabled={isLoggingOut}
            onSelect={(event) => {
              // Stay open so "Logging out..." shows until the app leaves for the site root.
              event.preventDefault()
              logOut('avatar menu')
            }}
          >
            <LogOut aria-hidden="true" />
            {isLoggingOut ? t('auth.loggingOut') : t('auth.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._@-]+/)
    .filter(Boolean)
  const letters = words.length > 1 ? `${words[0]?.[0]}${words[1]?.[0]}` : (words[0]?.slice(0, 2) ?? '?')
  return letters.toUpperCase()
}
