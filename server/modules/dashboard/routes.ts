import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sidebarCountsSchema } from '#common/schemas/system.ts'
import type { ServerContext } from '#server/context.ts'
import { errorResponses } from '#server/lib/http.ts'
import { requireUser } from '#server/plugins/auth.ts'
import { sidebarCounts } from './service.ts'

export default async function dashboardRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireUser)

  api.get('/api/sidebar-counts', {
    schema: {
      tags: ['dashboard'],
      summary: "Counts shown in the sidebar: the organization's live clusters and its orders",
      response: { 200: sidebarCountsSchema, ...errorResponses(401) },
    },
    handler: async (request) => sidebarCounts(ctx.db, request.user),
  })
}
