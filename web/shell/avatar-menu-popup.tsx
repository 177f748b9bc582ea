import { Building2, LogOut, Settings, ShieldCheck } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import type { ComponentProps } from 'react'
import { Link } from 'react-router'
import { menuContentClass, menuItemClass, menuSeparatorClass } from '#web/components/layout/menu-styles.ts'
import { LINKS } from '#web/components/layout/nav-links.ts'
import { cn } from '#web/lib/cn.ts'
import { focusFirstMenuItem } from '#web/lib/on-demand.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/header.ts'
import type { AvatarMenuProps } from './avatar-menu.tsx'
import { displayNameOf, initialsOf } from './user-names.ts'

/** The avatar menu's menu, loaded on demand (avatar-menu.tsx): Radix's menu around the same button. */
export function AvatarMenuPopup({
  user,
  isOfficer,
  isLoggingOut,
  logOut,
  triggerProps,
  autoFocus,
  focusFirstItem,
  open,
  onOpenChange,
}: AvatarMenuProps & {
  triggerProps: ComponentProps<'button'>
  autoFocus: boolean
  focusFirstItem: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const name = displayNameOf(user)
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger {...triggerProps} autoFocus={autoFocus} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className={cn(menuContentClass, 'w-72')}
          data-testid="avatar-menu"
          ref={focusFirstItem ? focusFirstMenuItem : undefined}
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
            {isLoggingOut ? t('header.session.loggingOut') : t('header.session.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
