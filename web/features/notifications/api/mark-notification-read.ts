import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { Notification } from '#common/schemas/notifications.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { invalidateNotifications, notificationKeys } from './notification-keys.ts'
import { toastNotificationFailure } from './notification-toasts.ts'

/** PUT /api/notifications/{id}/read. */
export function markNotificationRead(id: string): Promise<Notification> {
  return apiRequest<Notification>('PUT', `/api/notifications/${encodeURIComponent(id)}/read`)
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (updated) => {
      queryClient.setQueryData<Notification[] | null>(notificationKeys.list(), (list) =>
        list?.map((notification) => (notification.id === updated.id ? updated : notification)),
      )
      return invalidateNotifications(queryClient)
    },
    onError: (error) => toastNotificationFailure(error, t('notifications.toast.markReadFailed'), t),
  })
}
