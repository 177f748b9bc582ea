import { asc } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clusterTierSchema } from '#common/schemas/system.ts'
import type { ServerContext } from '#server/context.ts'
import { clusterTypes } from '#server/db/schema/index.ts'

export default async function catalogRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get('/api/cluster-tiers', {
    schema: {
      tags: ['catalog'],
      summary: 'The cluster types on sale, in display order',
      response: { 200: z.array(clusterTierSchema) },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return ctx.db
        .select({ id: clusterTypes.id, name: clusterTypes.name })
        .from(clusterTypes)
        .orderBy(asc(clusterTypes.position))
    },
  })
}
