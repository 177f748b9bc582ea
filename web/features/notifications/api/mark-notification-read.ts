import { useQueryClient } from '@tanstack/react-query'
import { notifications } from '#common/contract/notifications.ts'
import type { Notification } from '#common/schemas/notifications.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { notificationKeys } from './notification-keys.ts'
import { toastNotificationFailure } from './notification-toasts.ts'
import '#web/lib/strings/notifications.ts'

/** Marks one notification read; the list shows the server's copy at once. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useApiMutation(notifications.markRead, {
    input: (id: string) => ({ params: { id } }),
    onSuccess: (updated) => {
      queryClient.setQueriesData<Notification[] | null>({ queryKey: notificationKeys.list() }, (list) =>
        list?.map((notification) => (notification.id === updated.id ? updated : notification)),
      )
    },
    onError: (error) => toastNotificationFailure(error, t('notifications.toast.markReadFailed'), t),
  })
}
