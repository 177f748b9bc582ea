import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { AppContext } from '#server/context.ts'
import { answerCache, sendCachedAnswer } from '#server/lib/cached-answer.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import { createApiToken, listApiTokens, revokeApiToken } from '#server/modules/auth/index.ts'
import { askForPromotion, myPromotionRequest } from '#server/modules/organizations/index.ts'
import {
  listSessions,
  notificationPreferences,
  revokeOtherSessions,
  revokeSession,
  updateNotificationPreferences,
  updatePreferences,
  updateProfile,
} from './account.ts'
import { changePassword, requestEmailChange } from './credentials.ts'
import { toUserResponse } from './queries.ts'
import { setLanguage } from './service.ts'

const endpoints = api.account

/** Answers of GET /api/user kept per instance, one per signed-in person. */
const CACHED_ACCOUNTS = 20_000

/** The signed-in person's own account. */
export default async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const accounts = answerCache(ctx.changes, CACHED_ACCOUNTS)

  serve(app, endpoints.get, async (request, reply) => {
    const { id, organizationId } = request.user
    return sendCachedAnswer(request, reply, accounts, {
      key: id,
      topics: [`user:${id}`, `organization:${organizationId}`],
      load: async () => toUserResponse(request.user),
    })
  })
  serve(app, endpoints.setLanguage, async (request) =>
    setLanguage(ctx.db, request.user.id, request.body.language),
  )
  serve(app, endpoints.updateProfile, async (request) =>
    updateProfile(ctx.db, callerOf(request), request.body.name),
  )

  serve(app, endpoints.tokens, async (request) => ({ items: await listApiTokens(ctx.db, request.user.id) }))
  serve(app, endpoints.createToken, async (request, reply) =>
    reply.status(201).send(await createApiToken(ctx, callerOf(request), request.body)),
  )
  serve(app, endpoints.revokeToken, async (request, reply) => {
    await revokeApiToken(ctx, callerOf(request), request.params.id)
    return reply.status(204).send(null)
  })

  serve(app, endpoints.changePassword, async (request, reply) => {
    await changePassword(ctx, callerOf(request), request.body.currentPassword, request.body.password)
    return reply.status(204).send(null)
  })
  serve(app, endpoints.changeEmail, async (request, reply) => {
    await requestEmailChange(ctx, callerOf(request), request.body.password, request.body.email)
    return reply.status(202).send({ message: 'Open the link we sent to the new address to confirm it.' })
  })

  serve(app, endpoints.updatePreferences, async (request) =>
    updatePreferences(ctx.db, callerOf(request), request.body),
  )
  serve(app, endpoints.notificationPreferences, async (request) =>
    notificationPreferences(ctx.db, request.user.id),
  )
  serve(app, endpoints.setNotificationPreferences, async (request) =>
    updateNotificationPreferences(ctx.db, callerOf(request), request.body),
  )

  serve(app, endpoints.sessions, async (request) => ({
    items: await listSessions(ctx.db, callerOf(request)),
  }))
  serve(app, endpoints.revokeSession, async (request, reply) => {
    await revokeSession(ctx.db, callerOf(request), request.params.id)
    return reply.status(204).send(null)
  })
  serve(app, endpoints.revokeOtherSessions, async (request, reply) => {
    await revokeOtherSessions(ctx.db, callerOf(request))
    return reply.status(204).send(null)
  })

  serve(app, endpoints.promotionRequest, async (request) => ({
    request: await myPromotionRequest(ctx.db, callerOf(request)),
  }))
  serve(app, endpoints.requestPromotion, async (request, reply) =>
    reply.status(201).send(await askForPromotion(ctx, callerOf(request), request.body.reason)),
  )
}
