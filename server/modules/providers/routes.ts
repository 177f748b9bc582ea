import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { providerCheckParamsSchema, providerCheckSchema } from '#common/schemas/providers.ts'
import type { ServerContext } from '#server/context.ts'
import { errorResponses } from '#server/lib/http.ts'
import { requireSuperAdmin } from '#server/plugins/auth.ts'
import { checkProvider } from './service.ts'

/**
 * The provider checks diagnose the operator's own infrastructure (with the Cluster API driver they
 * read the management cluster's secrets): the platform operator's, in a session, never a token's.
 */
export default async function providerRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireSuperAdmin)

  api.get('/api/providers/:provider/check', {
    schema: {
      tags: ['providers'],
      summary: 'Check that clusters can be built at a cloud provider',
      description:
        'Runs the provisioning driver’s checks: the Cluster API infrastructure provider is installed, its credentials are present, and a dry-run create is accepted. With the simulated driver, `simulated` is true and the steps say what would be checked. Providers: gcp, aws, azure, ibm, huawei, alibaba, digitalocean. The platform operator (super_admin) only, signed in: 403 for anyone else and for API tokens.',
      params: providerCheckParamsSchema,
      response: { 200: providerCheckSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return checkProvider(ctx.config, request.params.provider)
    },
  })
}
