import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { AppContext } from '#server/context.ts'
import { answerCache, sendCachedAnswer } from '#server/lib/cached-answer.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import {
  notificationPreferences,
  updateNotificationPreferences,
  updatePreferences,
  updateProfile,
} from './account.ts'
import { toUserResponse } from './queries.ts'
import { setLanguage } from './service.ts'

const endpoints = api.account

/** Answers of GET /api/user kept per instance, one per signed-in person. */
const CACHED_ACCOUNTS = 20_000

/**
 * The signed-in person's own account: who they are and their choices. Their ways in (tokens,
 * password, sessions) are auth's; their request to be promoted is their organization's.
 */
export default async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const accounts = answerCache(ctx.changes, CACHED_ACCOUNTS)

  serve(app, endpoints.get, async (request, reply) => {
    const { id, organizationId } = request.user
    return sendCachedAnswer(request, reply, accounts, {
      key: id,
      // An order placed (organization-data) may end the first-purchase promotion.
      topics: [`user:${id}`, `organization:${organizationId}`, `organization-data:${organizationId}`],
      load: async () => toUserResponse(request.user),
    })
  })
  serve(app, endpoints.setLanguage, async (request) =>
    setLanguage(ctx.db, request.user.id, request.body.language),
  )
  serve(app, endpoints.updateProfile, async (request) =>
    updateProfile(ctx.db, callerOf(request), request.body.name),
  )

  serve(app, endpoints.updatePreferences, async (request) =>
    updatePreferences(ctx.db, callerOf(request), request.body),
  )
  serve(app, endpoints.notificationPreferences, async (request) =>
    notificationPreferences(ctx.db, request.user.id),
  )
  serve(app, endpoints.setNotificationPreferences, async (request) =>
    updateNotificationPreferences(ctx.db, callerOf(request), request.body),
  )
}
