import type { notifications as english } from '../en/notifications.ts'

export const notifications: typeof english = {}
