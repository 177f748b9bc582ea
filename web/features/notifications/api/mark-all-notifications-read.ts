import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { Notification } from '#common/schemas/notifications.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { invalidateNotifications, notificationKeys } from './notification-keys.ts'
import { toastNotificationFailure, toastNotificationSuccess } from './notification-toasts.ts'

/** POST /api/notifications/mark-all-read: answers how many were marked. */
export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return apiRequest<{ updated: number }>('POST', '/api/notifications/mark-all-read')
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData<Notification[] | null>(notificationKeys.list(), (list) =>
        list?.map((notification) => ({ ...notification, read: true })),
      )
      queryClient.setQueryData(notificationKeys.count(), { count: 0 })
      toastNotificationSuccess(t('notifications.toast.allMarkedRead'), t)
      return invalidateNotifications(queryClient)
    },
    onError: (error) => toastNotificationFailure(error, t('notifications.toast.markAllReadFailed'), t),
  })
}
