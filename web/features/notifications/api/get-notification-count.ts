import { queryOptions, useQuery } from '@tanstack/react-query'
import { NOTIFICATIONS_POLL_MS } from '#web/lib/constants.ts'
import type { QueryMeta } from '#web/lib/query-client.ts'
import { notificationKeys } from './notification-keys.ts'

export type NotificationCount = { count: number }

/** GET /api/notifications/count: the unread count behind the bell's badge, polled every 10 s. */
export const notificationCountQueryOptions = queryOptions<NotificationCount | null>({
  queryKey: notificationKeys.count(),
  // Signed out between two polls: no badge rather than an error.
  meta: { on401: 'null' } satisfies QueryMeta,
  refetchInterval: NOTIFICATIONS_POLL_MS,
  refetchIntervalInBackground: false,
})

export function useNotificationCount(options: { enabled: boolean }) {
  return useQuery({ ...notificationCountQueryOptions, enabled: options.enabled })
}
