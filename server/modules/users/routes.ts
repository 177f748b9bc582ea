import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { languageRequestSchema, userSchema } from '#common/schemas/auth.ts'
import type { ServerContext } from '#server/context.ts'
import { errorResponses } from '#server/lib/http.ts'
import { requireUser } from '#server/plugins/auth.ts'
import { toUserResponse } from './queries.ts'
import { setLanguage } from './service.ts'

/** The signed-in person's own account. */
export default async function userRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireUser)

  api.get('/api/user', {
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user',
      response: { 200: userSchema, ...errorResponses(401) },
    },
    handler: async (request) => toUserResponse(request.user),
  })

  api.put('/api/user/language', {
    schema: {
      tags: ['auth'],
      summary: "The signed-in user's language, for the mails they get",
      body: languageRequestSchema,
      response: { 200: userSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => setLanguage(ctx.db, request.user.id, request.body.language),
  })
}
