import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Notification } from '#common/schemas/notifications.ts'
import { NOTIFICATIONS_POLL_MS } from '#web/lib/constants.ts'
import type { QueryMeta } from '#web/lib/query-client.ts'
import { notificationKeys } from './notification-keys.ts'

/**
 * GET /api/notifications: the caller's non-trashed notifications, newest first. Polled every 10 s
 * while the tab is visible; a 401 (signed out meanwhile) gives null rather than an error (spec §7).
 */
export const notificationsQueryOptions = queryOptions<Notification[] | null>({
  queryKey: notificationKeys.list(),
  meta: { on401: 'null' } satisfies QueryMeta,
  refetchInterval: NOTIFICATIONS_POLL_MS,
  refetchIntervalInBackground: false,
})

export function useNotifications(options: { enabled: boolean }) {
  return useQuery({ ...notificationsQueryOptions, enabled: options.enabled })
}
