import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { AppContext } from '#server/context.ts'
import { answerCache, sendCachedAnswer } from '#server/lib/cached-answer.ts'
import { serve } from '#server/lib/serve.ts'
import { countUnread, listNotifications, markAllRead, markRead, moveToTrash } from './service.ts'

const endpoints = api.notifications

/** Lists kept per instance: one per signed-in person and page size. */
const CACHED_LISTS = 20_000

export default async function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const lists = answerCache(ctx.changes, CACHED_LISTS)

  serve(app, endpoints.list, async (request, reply) => {
    const { id } = request.user
    return sendCachedAnswer(request, reply, lists, {
      key: `${id}:${request.query.limit}`,
      topics: [`notifications:${id}`],
      load: () => listNotifications(ctx.db, id, request.query.limit),
    })
  })

  serve(app, endpoints.count, async (request) => ({ count: await countUnread(ctx.db, request.user.id) }))

  serve(app, endpoints.markRead, async (request) => markRead(ctx.db, request.user.id, request.params.id))

  serve(app, endpoints.markAllRead, async (request) => ({
    updated: await markAllRead(ctx.db, request.user.id),
  }))

  serve(app, endpoints.trash, async (request) => moveToTrash(ctx.db, request.user.id, request.params.id))
}
