import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  markAllReadResponseSchema,
  notificationCountSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationSchema,
} from '#common/schemas/notifications.ts'
import type { AppContext } from '#server/context.ts'
import { answerCache, sendCachedAnswer } from '#server/lib/cached-answer.ts'
import { errorResponses } from '#server/lib/http.ts'
import { requireUser } from '#server/plugins/auth.ts'
import { countUnread, listNotifications, markAllRead, markRead, moveToTrash } from './service.ts'

/** Lists kept per instance: one per signed-in person and page size. */
const CACHED_LISTS = 20_000

export default async function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const lists = answerCache(ctx.changes, CACHED_LISTS)
  api.addHook('preValidation', requireUser)

  api.get('/api/notifications', {
    schema: {
      tags: ['notifications'],
      summary: "The caller's notifications, newest first, without trashed ones",
      querystring: notificationListQuerySchema,
      response: { 200: z.array(notificationSchema), 304: z.void(), ...errorResponses(400, 401) },
    },
    handler: async (request, reply) => {
      const { id } = request.user
      return sendCachedAnswer(request, reply, lists, {
        key: `${id}:${request.query.limit}`,
        topics: [`notifications:${id}`],
        load: () => listNotifications(ctx.db, id, request.query.limit),
      })
    },
  })

  api.get('/api/notifications/count', {
    schema: {
      tags: ['notifications'],
      summary: 'Number of unread notifications',
      response: { 200: notificationCountSchema, ...errorResponses(401) },
    },
    handler: async (request) => ({ count: await countUnread(ctx.db, request.user.id) }),
  })

  api.put('/api/notifications/:id/read', {
    schema: {
      tags: ['notifications'],
      summary: 'Mark one notification as read',
      params: notificationIdParamsSchema,
      response: { 200: notificationSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => markRead(ctx.db, request.user.id, request.params.id),
  })

  api.post('/api/notifications/mark-all-read', {
    schema: {
      tags: ['notifications'],
      summary: 'Mark every notification as read',
      response: { 200: markAllReadResponseSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => ({ updated: await markAllRead(ctx.db, request.user.id) }),
  })

  api.put('/api/notifications/:id/trash', {
    schema: {
      tags: ['notifications'],
      summary: 'Move a notification to the trash (final)',
      params: notificationIdParamsSchema,
      response: { 200: notificationSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => moveToTrash(ctx.db, request.user.id, request.params.id),
  })
}
