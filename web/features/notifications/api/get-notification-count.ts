import { queryOptions, useQuery } from '@tanstack/react-query'
import { notifications } from '#common/contract/notifications.ts'
import { apiQueryOrNull } from '#web/lib/api/queries.ts'
import { NOTIFICATIONS_POLL_MS } from '#web/lib/constants.ts'

/**
 * The unread count behind the bell's badge, polled every 10 s, in a hidden tab too (only the list
 * waits for the tab to be seen): the tab's title and badge stay right for someone who comes back.
 * Signed out between two polls: no badge.
 */
export const notificationCountQueryOptions = queryOptions({
  ...apiQueryOrNull(notifications.count),
  refetchInterval: NOTIFICATIONS_POLL_MS,
  // Fresh until its next poll: a reader that starts later (the header's bell, once the dashboard
  // is drawn) takes the dashboard's answer instead of asking again.
  staleTime: NOTIFICATIONS_POLL_MS,
  refetchIntervalInBackground: true,
})

export function useNotificationCount(options: { enabled: boolean }) {
  return useQuery({ ...notificationCountQueryOptions, enabled: options.enabled })
}
