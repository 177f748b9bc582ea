import { useQueryClient } from '@tanstack/react-query'
import { notifications } from '#common/contract/notifications.ts'
import type { Notification } from '#common/schemas/notifications.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { notificationKeys } from './notification-keys.ts'
import { toastNotificationFailure, toastNotificationSuccess } from './notification-toasts.ts'
import '#web/lib/strings/notifications.ts'

/** Trashes a notification — final, a trashed notification is never listed again. */
export function useTrashNotification() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useApiMutation(notifications.trash, {
    input: (id: string) => ({ params: { id } }),
    onSuccess: (trashed) => {
      queryClient.setQueriesData<Notification[] | null>({ queryKey: notificationKeys.list() }, (list) =>
        list?.filter((notification) => notification.id !== trashed.id),
      )
      toastNotificationSuccess(t('notifications.toast.movedToTrash'), t)
    },
    onError: (error) => toastNotificationFailure(error, t('notifications.toast.trashFailed'), t),
  })
}
