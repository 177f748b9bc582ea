import type { toast as english } from '../en/toast.ts'

export const toast: typeof english = {
  item: 'Notification',
  region: 'Notifications ({{hotkey}})',
  close: 'Fermer',
}
