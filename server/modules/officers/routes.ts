import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '#server/lib/http.ts'
import { requireUser } from '#server/plugins/auth.ts'

export default async function officerRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preHandler', requireUser)

  api.get('/api/officers/check-access', {
    schema: {
      tags: ['officers'],
      summary: 'Whether the caller may open the officers panel',
      response: { 200: z.boolean(), ...errorResponses(401) },
    },
    handler: async (request) => request.user.isOfficer,
  })
}
