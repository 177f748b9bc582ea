import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { serve } from '#server/lib/serve.ts'
import { checkProvider } from './service.ts'

/** The provider checks of the operator's own infrastructure (common/contract/providers.ts). */
export default async function providerRoutes(app: FastifyInstance, ctx: ServerContext) {
  serve(app, api.providers.check, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return checkProvider(ctx.config, request.params.provider)
  })
}
