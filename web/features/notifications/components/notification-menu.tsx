import { useQueryClient } from '@tanstack/react-query'
import { Bell, CheckCheck, Inbox } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { Notification } from '#common/schemas/notifications.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover.tsx'
import { NOTIFICATION_PANEL_MAX_HEIGHT_PX } from '#web/lib/constants.ts'
import { forgetSignedInUser, useUser } from '#web/lib/current-user.ts'
import { useNotificationCount } from '../api/get-notification-count.ts'
import { useNotifications } from '../api/get-notifications.ts'
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts'
import { useMarkNotificationRead } from '../api/mark-notification-read.ts'
import { useTrashNotification } from '../api/trash-notification.ts'
import { useNotificationSocket } from '../hooks/use-notification-socket.ts'
import { badgeText, liveNotifications, shownCountAfter } from '../notification-display.ts'
import { NotificationItem } from './notification-item.tsx'
import '#web/lib/strings/notifications.ts'

/**
 * The bell of the header: unread badge capped at "99+", and a panel listing the live notifications
 * newest first, 5 at first and 10 more per "View all notifications". Renders nothing while signed
 * out.
 */
export function NotificationMenu() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { user } = useUser()
  const signedIn = Boolean(user)
  // The session ended on the server: this tab forgets the user like a logout from another tab.
  useNotificationSocket(user?.id, () => forgetSignedInUser(queryClient))
  const unread = useNotificationCount({ enabled: signedIn }).data?.count ?? 0
  // Polled while signed in, so the panel opens on a fresh list.
  const list = useNotifications({ enabled: signedIn })
  const [open, setOpen] = useState(false)

  if (!user) return null
  const badge = badgeText(unread)
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative rounded-full"
          aria-label={badge ? t('notifications.openWithUnread', { badge }) : t('notifications.open')}
          data-testid="notification-bell"
        >
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
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="w-[min(24rem,calc(100vw-1rem))] overflow-hidden p-0"
        aria-label={t('notifications.title')}
      >
        {/* Mounted only while open, so the panel starts at 5 items each time it opens. */}
        <NotificationPanel
          notifications={list.data}
          loading={list.isPending}
          unread={unread}
          onNavigate={() => setOpen(false)}
        />
      </PopoverContent>
    </Popover>
  )
}

type PanelProps = {
  notifications: Notification[] | null | undefined
  loading: boolean
  unread: number
  onNavigate: () => void
}

function NotificationPanel({ notifications: received, loading, unread, onNavigate }: PanelProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const markRead = useMarkNotificationRead()
  const markAllRead = useMarkAllNotificationsRead()
  const trash = useTrashNotification()
  const [moreClicks, setMoreClicks] = useState(0)

  const notifications = liveNotifications(received)
  const shown = notifications.slice(0, shownCountAfter(moreClicks))
  const hasUnread = unread > 0 || notifications.some((notification) => !notification.read)

  const openNotification = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id)
    if (notification.link?.startsWith('/')) {
      onNavigate()
      void navigate(notification.link)
    }
  }

  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <div className="flex min-w-0 items-baseline gap-2">
          <h2 className="text-sm font-semibold">{t('notifications.title')}</h2>
          {unread > 0 && (
            <span className="text-xs text-muted-foreground">
              {t('notifications.unreadSummary', { count: unread })}
            </span>
          )}
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="h-8 px-2 text-xs"
          disabled={!hasUnread || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          <CheckCheck aria-hidden="true" />
          {t('notifications.markAllRead')}
        </Button>
      </div>

      <div
        className="overflow-y-auto overscroll-contain"
        style={{ maxHeight: NOTIFICATION_PANEL_MAX_HEIGHT_PX }}
        data-testid="notification-list"
      >
        {loading ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground" role="status">
            {t('notifications.loading')}
          </p>
        ) : shown.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-muted">
              <Inbox className="size-5 text-muted-foreground" aria-hidden="true" />
            </span>
            <p className="text-sm font-medium">{t('notifications.empty')}</p>
            <p className="text-xs text-muted-foreground">{t('notifications.emptyHint')}</p>
          </div>
        ) : (
          <ul className="divide-y">
            {shown.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onOpen={() => openNotification(notification)}
                onMarkRead={() => markRead.mutate(notification.id)}
                onTrash={() => trash.mutate(notification.id)}
                busy={
                  (markRead.isPending && markRead.variables === notification.id) ||
                  (trash.isPending && trash.variables === notification.id)
                }
              />
            ))}
          </ul>
        )}
      </div>

      {notifications.length > shown.length && (
        <div className="border-t p-1">
          <Button
            variant="ghost"
            size="sm"
            className="w-full text-primary"
            onClick={() => setMoreClicks((clicks) => clicks + 1)}
          >
            {t('notifications.viewAll')}
          </Button>
        </div>
      )}
    </div>
  )
}
