import { queryOptions, useQuery } from '@tanstack/react-query'
import { notifications } from '#common/contract/notifications.ts'
import { apiQueryOrNull } from '#web/lib/api/queries.ts'
import { NOTIFICATIONS_POLL_MS } from '#web/lib/constants.ts'

/**
 * The caller's non-trashed notifications, newest first. Polled every 10 s while the tab is visible;
 * a 401 (signed out meanwhile) gives null rather than an error.
 */
export const notificationsQueryOptions = queryOptions({
  ...apiQueryOrNull(notifications.list),
  refetchInterval: NOTIFICATIONS_POLL_MS,
  refetchIntervalInBackground: false,
})

export function useNotifications(options: { enabled: boolean }) {
  return useQuery({ ...notificationsQueryOptions, enabled: options.enabled })
}
