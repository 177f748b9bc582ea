import { describe, expect, it } from 'vitest'
import type { Notification } from '#common/schemas/notifications.ts'
import {
  NOTIFICATION_BADGE_CAP,
  NOTIFICATION_PANEL_MAX_HEIGHT_PX,
  NOTIFICATION_TOAST_MS,
  NOTIFICATIONS_INITIAL,
  NOTIFICATIONS_PAGE,
  NOTIFICATIONS_POLL_MS,
  REALTIME_SOCKET_PATH,
  SOCKET_RECONNECT_MS,
} from '#web/lib/constants.ts'
import { en } from '#web/locales/en.ts'
import {
  badgeText,
  failureMessage,
  liveNotifications,
  notificationTone,
  shownCountAfter,
} from './notification-display.ts'

const notification = (overrides: Partial<Notification>): Notification => ({
  id: '00000000-0000-4000-8000-000000000000',
  type: 'info',
  title: null,
  message: 'Hello',
  link: null,
  timestamp: '2026-11-22T12:00:00.000Z',
  read: false,
  trash: false,
  ...overrides,
})

describe('the constants of the notification menu', () => {
  it('has the values', () => {
    expect(NOTIFICATIONS_POLL_MS).toBe(10_000)
    expect(SOCKET_RECONNECT_MS).toBe(5_000)
    expect(NOTIFICATION_BADGE_CAP).toBe(99)
    expect(NOTIFICATIONS_INITIAL).toBe(5)
    expect(NOTIFICATIONS_PAGE).toBe(10)
    expect(NOTIFICATION_PANEL_MAX_HEIGHT_PX).toBe(300)
    expect(NOTIFICATION_TOAST_MS).toBe(3_000)
    expect(REALTIME_SOCKET_PATH).toBe('/ws')
  })

  it('has the toast texts', () => {
    expect(en.notifications.toast).toEqual({
      successTitle: 'Success',
      errorTitle: 'Error',
      allMarkedRead: 'All notifications marked as read',
      movedToTrash: 'Notification moved to trash',
      markReadFailed: 'Failed to mark notification as read',
      markAllReadFailed: 'Failed to mark all notifications as read',
      trashFailed: 'Failed to move notification to trash',
    })
    expect(en.notifications.viewAll).toBe('View all notifications')
    expect(en.notifications.markAllRead).toBe('Mark all as read')
  })
})

describe('badgeText', () => {
  it('shows nothing without unread notifications', () => {
    expect(badgeText(0)).toBeNull()
    expect(badgeText(undefined)).toBeNull()
    expect(badgeText(null)).toBeNull()
  })

  it('shows the count up to 99, then "99+"', () => {
    expect(badgeText(1)).toBe('1')
    expect(badgeText(99)).toBe('99')
    expect(badgeText(100)).toBe('99+')
    expect(badgeText(12_345)).toBe('99+')
  })
})

describe('liveNotifications', () => {
  it('drops trashed notifications and sorts the rest newest first', () => {
    const list = [
      notification({ id: 'a', timestamp: '2026-11-22T10:00:00.000Z' }),
      notification({ id: 'b', timestamp: '2026-11-22T12:00:00.000Z', trash: true }),
      notification({ id: 'c', timestamp: '2026-11-22T11:00:00.000Z' }),
    ]
    expect(liveNotifications(list).map((item) => item.id)).toEqual(['c', 'a'])
    expect(list.map((item) => item.id)).toEqual(['a', 'b', 'c'])
  })

  it('reads null (signed out) and non-lists as an empty list', () => {
    expect(liveNotifications(null)).toEqual([])
    expect(liveNotifications({} as unknown as Notification[])).toEqual([])
  })
})

describe('shownCountAfter', () => {
  it('shows 5 at first and 10 more per click', () => {
    expect(shownCountAfter(0)).toBe(5)
    expect(shownCountAfter(1)).toBe(15)
    expect(shownCountAfter(2)).toBe(25)
  })
})

describe('notificationTone', () => {
  it('keeps the four named types and reads anything else as info', () => {
    expect(['success', 'warning', 'error', 'system'].map(notificationTone)).toEqual([
      'success',
      'warning',
      'error',
      'system',
    ])
    expect(notificationTone('info')).toBe('info')
    expect(notificationTone('billing')).toBe('info')
    expect(notificationTone('')).toBe('info')
  })
})

describe('failureMessage', () => {
  it("prefers the server's message and falls back to the action's text", () => {
    expect(failureMessage(new Error('Notification not found'), 'Failed to move notification to trash')).toBe(
      'Notification not found',
    )
    expect(failureMessage(new Error('  '), 'Failed to mark notification as read')).toBe(
      'Failed to mark notification as read',
    )
    expect(failureMessage('weird', 'Failed to mark all notifications as read')).toBe(
      'Failed to mark all notifications as read',
    )
  })
})
