import { and, count, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sidebarCountsSchema } from '#common/schemas/system.ts'
import type { ServerContext } from '#server/context.ts'
import { clusters, orders } from '#server/db/schema/index.ts'
import { errorResponses } from '#server/lib/http.ts'
import { requireUser } from '#server/plugins/auth.ts'

export default async function dashboardRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preHandler', requireUser)

  api.get('/api/sidebar-counts', {
    schema: {
      tags: ['dashboard'],
      summary: "Counts shown in the sidebar: the organization's live clusters and its orders",
      response: { 200: sidebarCountsSchema, ...errorResponses(401) },
    },
    handler: async (request) => {
      // A member still waiting for approval sees none of the organization's figures.
      if (request.user.membershipStatus !== 'active') return { clusters: 0, orders: { total: 0 } }
      const organizationId = request.user.organizationId
      const [[clusterCount], [orderCount]] = await Promise.all([
        ctx.db
          .select({ value: count() })
          .from(clusters)
          .where(and(eq(clusters.organizationId, organizationId), ne(clusters.status, 'deleted'))),
        ctx.db.select({ value: count() }).from(orders).where(eq(orders.organizationId, organizationId)),
      ])
      return { clusters: clusterCount?.value ?? 0, orders: { total: orderCount?.value ?? 0 } }
    },
  })
}
