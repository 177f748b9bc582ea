import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { catalogSchema } from '#common/schemas/catalog.ts'
import { productListQuerySchema, productSchema, productSummarySchema } from '#common/schemas/products.ts'
import { clusterTierSchema } from '#common/schemas/system.ts'
import type { AppContext } from '#server/context.ts'
import { answerCache, sendCachedAnswer } from '#server/lib/cached-answer.ts'
import { errorResponses, PUBLIC_CACHE } from '#server/lib/http.ts'
import { settingsValidatorModule } from './product-settings.ts'
import { findProduct, listProducts } from './products.ts'
import { getCatalog, listClusterTiers } from './service.ts'

export default async function catalogRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tiers = answerCache(ctx.changes, 1)

  api.get('/api/cluster-tiers', {
    schema: {
      tags: ['catalog'],
      summary: 'The cluster types on sale, in display order',
      response: { 200: z.array(clusterTierSchema), 304: z.void() },
    },
    handler: async (request, reply) =>
      sendCachedAnswer(request, reply, tiers, {
        key: 'cluster-tiers',
        topics: ['catalog'],
        cacheControl: PUBLIC_CACHE,
        load: () => listClusterTiers(ctx.db),
      }),
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

  api.get('/api/products', {
    schema: {
      tags: ['catalog'],
      summary: 'The marketplace: add-ons for clusters and middleware products, in display order',
      querystring: productListQuerySchema,
      response: { 200: z.array(productSummarySchema), ...errorResponses(400) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE)
      return listProducts(ctx.db, request.query.kind)
    },
  })

  api.get('/api/products/:id', {
    schema: {
      tags: ['catalog'],
      summary: 'One product: its chart and versions, settings schema, plans, requirements and extra costs',
      params: z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/) }),
      response: { 200: productSchema, ...errorResponses(400, 404) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE)
      return findProduct(ctx.db, request.params.id)
    },
  })

  // A script, not JSON: kept out of the OpenAPI document (the fuzzer lists it as hidden on purpose).
  api.get('/api/products/:id/settings-validator.js', {
    schema: { hide: true, params: z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/) }) },
    handler: async (request, reply) => {
      const product = await findProduct(ctx.db, request.params.id)
      reply.header('cache-control', PUBLIC_CACHE).type('text/javascript; charset=utf-8')
      return settingsValidatorModule(product)
    },
  })
}
