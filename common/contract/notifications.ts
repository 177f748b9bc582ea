import { z } from 'zod'
import {
  markAllReadResponseSchema,
  notificationCountSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationSchema,
} from '../schemas/notifications.ts'
import { defineEndpoints, empty } from './endpoint.ts'

/** The signed-in person's own notifications: a registrant waiting for approval reads theirs too. */
const own = { audience: 'user', openToPending: true } as const

export const notifications = defineEndpoints('notifications', {
  list: {
    ...own,
    method: 'GET',
    path: '/api/notifications',
    summary: "The caller's notifications, newest first, without trashed ones",
    query: notificationListQuerySchema,
    responses: { 200: z.array(notificationSchema), 304: empty('Not modified') },
    reads: ['notifications'],
  },
  count: {
    ...own,
    method: 'GET',
    path: '/api/notifications/count',
    summary: 'Number of unread notifications',
    responses: { 200: notificationCountSchema },
    reads: ['notifications'],
  },
  markRead: {
    ...own,
    method: 'PUT',
    path: '/api/notifications/:id/read',
    summary: 'Mark one notification as read',
    params: notificationIdParamsSchema,
    responses: { 200: notificationSchema },
    errors: [404],
    changes: ['notifications'],
  },
  markAllRead: {
    ...own,
    method: 'POST',
    path: '/api/notifications/mark-all-read',
    summary: 'Mark every notification as read',
    responses: { 200: markAllReadResponseSchema },
    changes: ['notifications'],
  },
  trash: {
    ...own,
    method: 'PUT',
    path: '/api/notifications/:id/trash',
    summary: 'Move a notification to the trash (final)',
    params: notificationIdParamsSchema,
    responses: { 200: notificationSchema },
    errors: [404],
    changes: ['notifications'],
  },
})
