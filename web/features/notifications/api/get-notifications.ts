import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { notifications } from '#common/contract/notifications.ts'
import { NOTIFICATION_LIST_MAX, NOTIFICATION_LIST_PAGE } from '#common/notification-list.ts'
import { apiQueryOrNull } from '#web/lib/api/queries.ts'
import { NOTIFICATIONS_POLL_MS } from '#web/lib/constants.ts'

/**
 * The caller's newest `limit` non-trashed notifications, newest first. Polled every 10 s while the
 * tab is visible; a 401 (signed out meanwhile) gives null rather than an error. A larger limit
 * keeps showing the shorter list until the longer one has come.
 */
export function notificationsQueryOptions(limit: number = NOTIFICATION_LIST_PAGE) {
  return queryOptions({
    ...apiQueryOrNull(notifications.list, { query: { limit } }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    // Fresh until its next poll: a reader that starts later (the header's, once the screen is
    // drawn) takes the answer instead of asking again.
    staleTime: NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  })
}

export function useNotifications(options: { enabled: boolean; limit: number }) {
  return useQuery({ ...notificationsQueryOptions(options.limit), enabled: options.enabled })
}

/** Whether the server may have older notifications than the list it sent for `limit`. */
export function mayHaveMore(limit: number, received: number): boolean {
  return received >= limit && limit < NOTIFICATION_LIST_MAX
}

/**
 * How many to ask for so the panel can show `wanted`: the current limit while the list the server
 * sent is shorter (there are no more), else the next hundred.
 */
export function listLimitFor(wanted: number, limit: number, received: number): number {
  if (received < limit || wanted <= received) return limit
  return Math.min(limit + NOTIFICATION_LIST_PAGE, NOTIFICATION_LIST_MAX)
}
