import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { catalogSchema } from '#common/schemas/catalog.ts'
import { clusterTierSchema } from '#common/schemas/system.ts'
import type { ServerContext } from '#server/context.ts'
import { getCatalog, listClusterTiers } from './service.ts'

/** Public and shared by every visitor, so browsers and CDNs may keep it a few minutes. */
const PUBLIC_CACHE = 'public, max-age=300'

export default async function catalogRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get('/api/cluster-tiers', {
    schema: {
      tags: ['catalog'],
      summary: 'The cluster types on sale, in display order',
      response: { 200: z.array(clusterTierSchema) },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE)
      return listClusterTiers(ctx.db)
    },
  })

  api.get('/api/catalog', {
    schema: {
      tags: ['catalog'],
      summary:
        'The whole catalog: cluster types, data centers, node flavors, Kubernetes versions, add-ons, middleware and support plans',
      description:
        'Prices are integer USD cents a month, except node flavors: USD milli-cents an hour (1/1000 of a cent).',
      response: { 200: catalogSchema },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE)
      return getCatalog(ctx.db)
    },
  })
}
