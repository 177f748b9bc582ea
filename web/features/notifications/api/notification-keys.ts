import { notifications } from '#common/contract/notifications.ts'
import { apiKey } from '#web/lib/api/queries.ts'

/** Query keys of the notifications area: the contract's endpoints they read. */
export const notificationKeys = {
  list: () => apiKey(notifications.list),
  count: () => apiKey(notifications.count),
}
