import type { QueryClient } from '@tanstack/react-query'

/**
 * Query keys of the notifications area. The default query function GETs the key's first element,
 * so each key is the API path it reads.
 */
export const notificationKeys = {
  list: () => ['/api/notifications'] as const,
  count: () => ['/api/notifications/count'] as const,
}

/** Both notification queries read the same rows: whatever changes one refreshes both. */
export function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.count() }),
  ]).then(() => undefined)
}
