import type { Notification } from '#common/schemas/notifications.ts'
import { NOTIFICATION_BADGE_CAP, NOTIFICATIONS_INITIAL, NOTIFICATIONS_PAGE } from '#web/lib/constants.ts'

/** The badge on the bell: nothing at zero, the count up to 99, then "99+". */
export function badgeText(unreadCount: number | undefined | null): string | null {
  if (!unreadCount || unreadCount <= 0) return null
  return unreadCount > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(unreadCount)
}

/** Non-trashed notifications, newest first (the server already sends them so; a socket race may not). */
export function liveNotifications(notifications: readonly Notification[] | null | undefined): Notification[] {
  if (!Array.isArray(notifications)) return []
  return notifications
    .filter((notification) => !notification.trash)
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))
}

/** How many the panel shows: 5 at first, then 10 more per "View all notifications". */
export function shownCountAfter(clicks: number): number {
  return NOTIFICATIONS_INITIAL + NOTIFICATIONS_PAGE * Math.max(0, clicks)
}

export type NotificationTone = 'success' | 'warning' | 'error' | 'system' | 'info'

/** Success, warning, error and system keep their colour and icon; any other type reads as info. */
export function notificationTone(type: string): NotificationTone {
  return type === 'success' || type === 'warning' || type === 'error' || type === 'system' ? type : 'info'
}

/** The toast text of a failed call: the server's message, or the action's own fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message.trim() : ''
  return message || fallback
}
