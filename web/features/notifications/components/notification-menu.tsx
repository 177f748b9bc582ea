import { useQueryClient } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { useState } from 'react'
import { NOTIFICATION_LIST_PAGE } from '#common/notification-list.ts'
import { Button } from '#web/components/ui/button.tsx'
import { forgetSignedInUser, useUser } from '#web/lib/current-user.ts'
import { onDemand, usePageIsIdle, useStandIn } from '#web/lib/on-demand.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useNotificationCount } from '../api/get-notification-count.ts'
import { listLimitFor, mayHaveMore, useNotifications } from '../api/get-notifications.ts'
import { useNotificationSocket } from '../hooks/use-notification-socket.ts'
import { badgeText } from '../notification-display.ts'
import '#web/lib/strings/notifications.ts'

const popover = onDemand(() => import('./notification-popover.tsx'))

/**
 * The bell of the header: unread badge capped at "99+", and a panel listing the live notifications
 * newest first, 5 at first and 10 more per "View all notifications". Renders nothing while signed
 * out. The panel's code comes after the first paint (on-demand.ts); the bell is there from the start.
 */
export function NotificationMenu() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { user } = useUser()
  const signedIn = Boolean(user)
  // The session ended on the server: this tab forgets the user like a logout from another tab.
  useNotificationSocket(user?.id, () => forgetSignedInUser(queryClient))
  // The badge and the list wait for the screen: their reads leave the screen's own reads and its
  // first drawing the network and the main thread (docs/quality.md, "the reads, the timers and
  // the first paint").
  const screenDrawn = usePageIsIdle()
  const [open, setOpen] = useState(false)
  const unread = useNotificationCount({ enabled: signedIn && screenDrawn }).data?.count ?? 0
  // Polled while signed in, so the panel opens on a fresh list; longer once the panel has shown it.
  const [limit, setLimit] = useState(NOTIFICATION_LIST_PAGE)
  const list = useNotifications({ enabled: signedIn && (screenDrawn || open), limit })
  const received = list.data?.length ?? 0
  const loaded = popover.useModule()
  const standIn = useStandIn(popover, () => setOpen(true), 'dialog')

  if (!user) return null
  const badge = badgeText(unread)
  const triggerProps = {
    variant: 'ghost' as const,
    size: 'icon' as const,
    className: 'relative rounded-full',
    'aria-label': badge ? t('notifications.openWithUnread', { badge }) : t('notifications.open'),
    'data-testid': 'notification-bell',
    children: (
      <>
        <Bell className="size-5!" aria-hidden="true" />
        {badge && (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-bold text-destructive-foreground ring-2 ring-background"
          >
            {badge}
          </span>
        )}
      </>
    ),
  }
  if (!loaded) return <Button {...triggerProps} {...standIn.buttonProps} />
  return (
    <loaded.NotificationPopover
      triggerProps={triggerProps}
      autoFocus={standIn.focused}
      open={open}
      onOpenChange={setOpen}
      notifications={list.data}
      loading={list.isPending}
      unread={unread}
      hasOlder={list.isPlaceholderData || mayHaveMore(limit, received)}
      onWant={(wanted) => setLimit((current) => listLimitFor(wanted, current, received))}
    />
  )
}
