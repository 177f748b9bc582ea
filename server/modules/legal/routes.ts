import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { publicSellerIdentitySchema } from '#common/schemas/legal.ts'
import type { ServerContext } from '#server/context.ts'
import { PUBLIC_CACHE } from '#server/lib/http.ts'
import { publicSellerIdentity } from './service.ts'

/** The operator's legal identity for the public site; open to everyone, like the catalog. */
export default async function legalRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get('/api/legal/seller', {
    schema: {
      tags: ['legal'],
      summary:
        "The operator's legal identity: name and form, registered office, RCS, SIREN, VAT number and contacts",
      description:
        'Read from the SELLER_* configuration at start-up. Bank details are never part of it: they are printed on invoices only.',
      response: { 200: publicSellerIdentitySchema },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE)
      return publicSellerIdentity(ctx.config.seller)
    },
  })
}
