import { z } from 'zod'
import { NOTIFICATION_LIST_MAX, NOTIFICATION_LIST_PAGE } from '../notification-list.ts'

export const notificationTypes = ['success', 'warning', 'error', 'system', 'info'] as const

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  title: z.string().nullable(),
  message: z.string(),
  link: z.string().nullable(),
  timestamp: z.string(),
  read: z.boolean(),
  trash: z.boolean(),
})
export type Notification = z.infer<typeof notificationSchema>

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIST_MAX).default(NOTIFICATION_LIST_PAGE),
})

export const notificationCountSchema = z.object({ count: z.number().int() })

export const notificationIdParamsSchema = z.object({ id: z.uuid('Unknown notification') })

export const markAllReadResponseSchema = z.object({ updated: z.number().int() })
