import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { PUBLIC_CACHE } from '#server/lib/http.ts'
import { serve } from '#server/lib/serve.ts'
import { publicSellerIdentity } from './service.ts'

/** The operator's legal identity for the public site; open to everyone, like the catalog. */
export default async function legalRoutes(app: FastifyInstance, ctx: ServerContext) {
  serve(app, api.legal.seller, async (_request, reply) => {
    reply.header('cache-control', PUBLIC_CACHE)
    return publicSellerIdentity(ctx.config.seller)
  })
}
