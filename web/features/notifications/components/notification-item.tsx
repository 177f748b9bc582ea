import { Check, CircleCheck, CircleX, Cog, Info, type LucideIcon, Trash2, TriangleAlert } from 'lucide-react'
import type { Notification } from '#common/schemas/notifications.ts'
import { cn } from '#web/lib/cn.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { type NotificationTone, notificationTone } from '../notification-display.ts'
import '#web/lib/strings/notifications.ts'

const TONE_STYLE: Record<NotificationTone, { icon: LucideIcon; className: string }> = {
  success: { icon: CircleCheck, className: 'bg-success/15 text-success' },
  warning: { icon: TriangleAlert, className: 'bg-warning/15 text-warning' },
  error: { icon: CircleX, className: 'bg-destructive/15 text-destructive' },
  system: { icon: Cog, className: 'bg-muted text-foreground' },
  info: { icon: Info, className: 'bg-primary/15 text-primary' },
}

type NotificationItemProps = {
  notification: Notification
  onOpen: () => void
  onMarkRead: () => void
  onTrash: () => void
  busy: boolean
}

/** One row of the panel: a click opens (and reads) it; the side buttons read or trash it. */
export function NotificationItem({ notification, onOpen, onMarkRead, onTrash, busy }: NotificationItemProps) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const tone = notificationTone(notification.type)
  const { icon: Icon, className: toneClassName } = TONE_STYLE[tone]
  return (
    <li
      className={cn(
        'group relative flex gap-3 px-4 py-3 transition-colors',
        !notification.read && 'bg-primary/5',
      )}
      data-testid="notification-item"
      data-read={notification.read}
      data-tone={tone}
    >
      <span
        className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full', toneClassName)}
        title={t(`notifications.types.${tone}`)}
      >
        <Icon className="size-4" aria-hidden="true" />
        <span className="sr-only">{t(`notifications.types.${tone}`)}</span>
      </span>
      <button
        type="button"
        onClick={onOpen}
        className="min-w-0 flex-1 rounded-sm text-left outline-offset-4"
        aria-describedby={`notification-time-${notification.id}`}
      >
        {notification.title && (
          <span className="block text-sm leading-snug font-medium">{notification.title}</span>
        )}
        <span
          className={cn(
            'block text-sm leading-snug break-words',
            notification.title ? 'text-muted-foreground' : 'font-medium',
          )}
        >
          {notification.message}
        </span>
        <span
          id={`notification-time-${notification.id}`}
          className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground"
        >
          {!notification.read && (
            <>
              <span className="size-1.5 rounded-full bg-primary" aria-hidden="true" />
              <span className="sr-only">{t('notifications.unread')}</span>
            </>
          )}
          <time dateTime={notification.timestamp}>{dates.relative(notification.timestamp)}</time>
        </span>
      </button>
      <div className="flex shrink-0 flex-col gap-1">
        {!notification.read && (
          <button
            type="button"
            onClick={onMarkRead}
            disabled={busy}
            aria-label={t('notifications.markRead')}
            title={t('notifications.markRead')}
            className="rounded-md p-1.5 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground disabled:opacity-50"
          >
            <Check className="size-4" aria-hidden="true" />
          </button>
        )}
        <button
          type="button"
          onClick={onTrash}
          disabled={busy}
          aria-label={t('notifications.moveToTrash')}
          title={t('notifications.moveToTrash')}
          className="rounded-md p-1.5 text-muted-foreground transition-colors hover:bg-destructive/10 hover:text-destructive disabled:opacity-50"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  )
}
