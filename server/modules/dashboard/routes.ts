import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sidebarCountsSchema } from '#common/schemas/system.ts'
import type { AppContext } from '#server/context.ts'
import { answerCache, sendCachedAnswer } from '#server/lib/cached-answer.ts'
import { errorResponses } from '#server/lib/http.ts'
import { requireUser } from '#server/plugins/auth.ts'
import { sidebarCounts } from './service.ts'

/** Organizations whose counts are kept per instance. */
const CACHED_ORGANIZATIONS = 10_000

export default async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const counts = answerCache(ctx.changes, CACHED_ORGANIZATIONS)
  api.addHook('preValidation', requireUser)

  api.get('/api/sidebar-counts', {
    schema: {
      tags: ['dashboard'],
      summary: "Counts shown in the sidebar: the organization's live clusters and its orders",
      response: { 200: sidebarCountsSchema, 304: z.void(), ...errorResponses(401) },
    },
    handler: async (request, reply) => {
      const { organizationId, membershipStatus } = request.user
      return sendCachedAnswer(request, reply, counts, {
        key: `${organizationId}:${membershipStatus}`,
        topics: [`organization-data:${organizationId}`],
        load: () => sidebarCounts(ctx.db, request.user),
      })
    },
  })
}
