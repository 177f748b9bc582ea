import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { Notification } from '#common/schemas/notifications.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { invalidateNotifications, notificationKeys } from './notification-keys.ts'
import { toastNotificationFailure, toastNotificationSuccess } from './notification-toasts.ts'

/** PUT /api/notifications/{id}/trash: final, a trashed notification is never listed again. */
export function trashNotification(id: string): Promise<Notification> {
  return apiRequest<Notification>('PUT', `/api/notifications/${encodeURIComponent(id)}/trash`)
}

export function useTrashNotification() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: trashNotification,
    onSuccess: (trashed) => {
      queryClient.setQueryData<Notification[] | null>(notificationKeys.list(), (list) =>
        list?.filter((notification) => notification.id !== trashed.id),
      )
      toastNotificationSuccess(t('notifications.toast.movedToTrash'), t)
      return invalidateNotifications(queryClient)
    },
    onError: (error) => toastNotificationFailure(error, t('notifications.toast.trashFailed'), t),
  })
}
