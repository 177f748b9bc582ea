import { useState } from 'react'
import type { User } from '#common/schemas/auth.ts'
import { onDemand, useStandIn } from '#web/lib/on-demand.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/header.ts'
import { displayNameOf, initialsOf } from './user-names.ts'

export type AvatarMenuProps = {
  user: User
  isOfficer: boolean
  isLoggingOut: boolean
  logOut: (source: string) => void
}

const popup = onDemand(() => import('./avatar-menu-popup.tsx'))

/**
 * The avatar menu: who is signed in, their organization and Billing ID, then Officers Panel
 * (officers only), Settings and Logout ("Logging out..." while pending). The menu's code comes
 * after the first paint (on-demand.ts); the avatar is there from the start.
 */
export function AvatarMenu(props: AvatarMenuProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const loaded = popup.useModule()
  const standIn = useStandIn(popup, () => setOpen(true))
  const name = displayNameOf(props.user)
  const triggerProps = {
    type: 'button' as const,
    'aria-label': t('header.avatar.open', { name }),
    'data-testid': 'avatar-menu-trigger',
    className:
      'flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground uppercase ring-offset-2 ring-offset-background transition hover:ring-2 hover:ring-primary/40',
    children: initialsOf(props.user.name || name),
  }
  if (!loaded) return <button {...triggerProps} {...standIn.buttonProps} />
  return (
    <loaded.AvatarMenuPopup
      {...props}
      triggerProps={triggerProps}
      autoFocus={standIn.focused}
      focusFirstItem={standIn.byKeyboard}
      open={open}
      onOpenChange={setOpen}
    />
  )
}
