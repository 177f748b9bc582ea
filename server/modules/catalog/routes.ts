import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { AppContext } from '#server/context.ts'
import { answerCache, sendCachedAnswer } from '#server/lib/cached-answer.ts'
import { PUBLIC_CACHE } from '#server/lib/http.ts'
import { serve } from '#server/lib/serve.ts'
import { type DrawnImage, dataCenterPictureSvg, drawnImage, productLogoSvg } from './images.ts'
import { settingsValidatorModule } from './product-settings.ts'
import { findProduct, listProducts } from './products.ts'
import { findDataCenterLatitude, getCatalog, listClusterTiers } from './service.ts'

const endpoints = api.catalog

/** Images change only with the drawing code: a day in browsers and shared caches. */
const IMAGE_CACHE = 'public, max-age=86400'

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
  serve(app, endpoints.productLogo, async (request, reply) => {
    const { id } = await findProduct(ctx.db, request.params.id)
    const { w, q } = request.query
    return sendImage(request, reply, await drawnImage('productLogo', id, () => productLogoSvg(id), w, q))
  })
  serve(app, endpoints.dataCenterPicture, async (request, reply) => {
    const { code } = request.params
    const latitude = await findDataCenterLatitude(ctx.db, code)
    const { w, q } = request.query
    const image = await drawnImage(
      'dataCenterPicture',
      code,
      () => dataCenterPictureSvg(code, latitude),
      w,
      q,
    )
    return sendImage(request, reply, image)
  })
}

/** An image kept a day by browsers and caches, asked again with its ETag (304 when unchanged). */
function sendImage(request: FastifyRequest, reply: FastifyReply, image: DrawnImage) {
  reply.header('cache-control', IMAGE_CACHE).header('etag', image.etag)
  if (request.headers['if-none-match'] === image.etag) return reply.code(304).send()
  return reply.type('image/webp').send(image.body)
}
