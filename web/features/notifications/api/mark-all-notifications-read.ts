import { useQueryClient } from '@tanstack/react-query'
import { notifications } from '#common/contract/notifications.ts'
import type { Notification } from '#common/schemas/notifications.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { notificationKeys } from './notification-keys.ts'
import { toastNotificationFailure, toastNotificationSuccess } from './notification-toasts.ts'
import '#web/lib/strings/notifications.ts'

/** Marks every notification read: the list and the badge show it at once, then both refresh. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useApiMutation(notifications.markAllRead, {
    onSuccess: () => {
      queryClient.setQueriesData<Notification[] | null>({ queryKey: notificationKeys.list() }, (list) =>
        list?.map((notification) => ({ ...notification, read: true })),
      )
      queryClient.setQueryData(notificationKeys.count(), { count: 0 })
      toastNotificationSuccess(t('notifications.toast.allMarkedRead'), t)
    },
    onError: (error) => toastNotificationFailure(error, t('notifications.toast.markAllReadFailed'), t),
  })
}
