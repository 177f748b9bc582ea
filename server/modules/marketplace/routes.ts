import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { installCheckSchema, installRequestSchema } from '#common/schemas/products.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses } from '#server/lib/http.ts'
import { requireMember } from '#server/plugins/auth.ts'
import { checkInstall } from './service.ts'

/** Installing products on the organization's clusters. */
export default async function marketplaceRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireMember)

  api.post('/api/products/:id/check', {
    schema: {
      tags: ['marketplace'],
      summary: 'Check an installation before ordering it: the settings with their defaults and the price',
      description:
        '400 names each setting at fault against the product’s JSON Schema; 422 says why the cluster or the catalog cannot take it (type, Kubernetes version, state, capacity, plan, version, namespace).',
      params: z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/) }),
      body: installRequestSchema,
      response: { 200: installCheckSchema, ...errorResponses(400, 401, 403, 404, 422) },
    },
    handler: async (request) => {
      const checked = await checkInstall(ctx.db, callerOf(request), request.params.id, request.body)
      return { settings: checked.settings, monthlyPriceCents: checked.monthlyPriceCents }
    },
  })
}
