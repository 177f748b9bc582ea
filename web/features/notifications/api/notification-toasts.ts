import { NOTIFICATION_TOAST_MS } from '#web/lib/constants.ts'
import type { TFunction } from '#web/lib/i18n.ts'
import { toast } from '#web/lib/toast-store.ts'
import { failureMessage } from '../notification-display.ts'
import '#web/lib/strings/notifications.ts'

/** A failed notification call says "Error" with the server's message or the fallback. */
export function toastNotificationFailure(error: unknown, fallback: string, t: TFunction): void {
  toast({
    title: t('notifications.toast.errorTitle'),
    description: failureMessage(error, fallback),
    variant: 'destructive',
    duration: NOTIFICATION_TOAST_MS,
  })
}

/** Successes are titled "Success" and stay 3 s. */
export function toastNotificationSuccess(description: string, t: TFunction): void {
  toast({
    title: t('notifications.toast.successTitle'),
    description,
    variant: 'success',
    duration: NOTIFICATION_TOAST_MS,
  })
}
