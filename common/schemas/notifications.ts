import { z } from 'zod'

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

/**
 * The list comes newest first, this many at a time: the bell's panel asks for the next hundred
 * when it has shown what it has. The most one request may ask for bounds the work of one answer.
 */
export const NOTIFICATION_LIST_PAGE = 100
export const NOTIFICATION_LIST_MAX = 5_000

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIST_MAX).default(NOTIFICATION_LIST_PAGE),
})

export const notificationCountSchema = z.object({ count: z.number().int() })

export const notificationIdParamsSchema = z.object({ id: z.uuid('Unknown notification') })

export const markAllReadResponseSchema = z.object({ updated: z.number().int() })
