import { CheckCheck, Inbox } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { useNavigate } from 'react-router'
import type { Notification } from '#common/schemas/notifications.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover.tsx'
import { NOTIFICATION_PANEL_MAX_HEIGHT_PX } from '#web/lib/constants.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts'
import { useMarkNotificationRead } from '../api/mark-notification-read.ts'
import { useTrashNotification } from '../api/trash-notification.ts'
import { liveNotifications, shownCountAfter } from '../notification-display.ts'
import { NotificationItem } from './notification-item.tsx'
import '#web/lib/strings/notifications.ts'

/** The bell's panel, loaded on demand (notification-menu.tsx): Radix's popover around the same bell. */
export function NotificationPopover({
  triggerProps,
  autoFocus,
  open,
  onOpenChange,
  notifications,
  loading,
  unread,
  hasOlder,
  onWant,
}: {
  triggerProps: ComponentProps<typeof Button>
  autoFocus: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
  notifications: Notification[] | null | undefined
  loading: boolean
  unread: number
  /** The server may have older notifications than those received. */
  hasOlder: boolean
  /** The panel wants to show this many: the list grows when it has fewer. */
  onWant: (count: number) => void
}) {
  const { t } = useTranslation()
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button {...triggerProps} autoFocus={autoFocus} />
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="w-[min(24rem,calc(100vw-1rem))] overflow-hidden p-0"
        aria-label={t('notifications.title')}
      >
        {/* Mounted only while open, so the panel starts at 5 items each time it opens. */}
        <NotificationPanel
          notifications={notifications}
          loading={loading}
          unread={unread}
          hasOlder={hasOlder}
          onWant={onWant}
          onNavigate={() => onOpenChange(false)}
        />
      </PopoverContent>
    </Popover>
  )
}

type PanelProps = {
  notifications: Notification[] | null | undefined
  loading: boolean
  unread: number
  hasOlder: boolean
  onWant: (count: number) => void
  onNavigate: () => void
}

function NotificationPanel({
  notifications: received,
  loading,
  unread,
  hasOlder,
  onWant,
  onNavigate,
}: PanelProps) {
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

      {(notifications.length > shown.length || hasOlder) && (
        <div className="border-t p-1">
          <Button
            variant="ghost"
            size="sm"
            className="w-full text-primary"
            onClick={() => {
              onWant(shownCountAfter(moreClicks + 1))
              setMoreClicks((clicks) => clicks + 1)
            }}
          >
            {t('notifications.viewAll')}
          </Button>
        </div>
      )}
    </div>
  )
}
