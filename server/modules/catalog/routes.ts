import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { AppContext } from '#server/context.ts'
import { answerCache, sendCachedAnswer } from '#server/lib/cached-answer.ts'
import { PUBLIC_CACHE } from '#server/lib/http.ts'
import { serve } from '#server/lib/serve.ts'
import { settingsValidatorModule } from './product-settings.ts'
import { findProduct, listProducts } from './products.ts'
import { getCatalog, listClusterTiers } from './service.ts'

const endpoints = api.catalog

/** What is on sale, the same for every visitor: browsers and CDNs may keep it a few minutes. */
export default async function catalogRoutes(app: FastifyInstance, ctx: AppContext) {
  const tiers = answerCache(ctx.changes, 1)

  serve(app, endpoints.clusterTiers, async (request, reply) =>
    sendCachedAnswer(request, reply, tiers, {
      key: 'cluster-tiers',
      topics: ['catalog'],
      cacheControl: PUBLIC_CACHE,
      load: () => listClusterTiers(ctx.db),
    }),
  )
  serve(app, endpoints.get, async (_request, reply) => {
    reply.header('cache-control', PUBLIC_CACHE)
    return getCatalog(ctx.db)
  })
  serve(app, endpoints.products, async (request, reply) => {
    reply.header('cache-control', PUBLIC_CACHE)
    return listProducts(ctx.db, request.query.kind)
  })
  serve(app, endpoints.product, async (request, reply) => {
    reply.header('cache-control', PUBLIC_CACHE)
    return findProduct(ctx.db, request.params.id)
  })
  // A script the install form imports (the browser's content security policy forbids ajv's eval).
  serve(app, endpoints.settingsValidator, async (request, reply) => {
    const product = await findProduct(ctx.db, request.params.id)
    reply.header('cache-control', PUBLIC_CACHE).type('text/javascript; charset=utf-8')
    return settingsValidatorModule(product)
  })
}
