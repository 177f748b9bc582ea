import { queryOptions, useQuery } from '@tanstack/react-query'
import { notifications } from '#common/contract/notifications.ts'
import { apiQueryOrNull } from '#web/lib/api/queries.ts'
import { NOTIFICATIONS_POLL_MS } from '#web/lib/constants.ts'

/** The unread count behind the bell's badge, polled every 10 s; signed out between two polls: no badge. */
export const notificationCountQueryOptions = queryOptions({
  ...apiQueryOrNull(notifications.count),
  refetchInterval: NOTIFICATIONS_POLL_MS,
  refetchIntervalInBackground: false,
})

export function useNotificationCount(options: { enabled: boolean }) {
  return useQuery({ ...notificationCountQueryOptions, enabled: options.enabled })
}
