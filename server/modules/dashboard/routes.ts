import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { AppContext } from '#server/context.ts'
import { answerCache, sendCachedAnswer } from '#server/lib/cached-answer.ts'
import { serve } from '#server/lib/serve.ts'
import { sidebarCounts } from './service.ts'

/** Organizations whose counts are kept per instance. */
const CACHED_ORGANIZATIONS = 10_000

export default async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const counts = answerCache(ctx.changes, CACHED_ORGANIZATIONS)

  serve(app, api.dashboard.sidebarCounts, async (request, reply) => {
    const { organizationId, membershipStatus } = request.user
    return sendCachedAnswer(request, reply, counts, {
      key: `${organizationId}:${membershipStatus}`,
      topics: [`organization-data:${organizationId}`],
      load: () => sidebarCounts(ctx.db, request.user),
    })
  })
}
