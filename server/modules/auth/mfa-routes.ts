import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  mfaCodeSchema,
  mfaDisableRequestSchema,
  mfaSetupResponseSchema,
  passwordConfirmationSchema,
} from '#common/schemas/auth.ts'
import { messageResponseSchema } from '#common/schemas/errors.ts'
import type { ServerContext } from '#server/context.ts'
import { errorResponses } from '#server/lib/http.ts'
import { requireUser } from '#server/plugins/auth.ts'
import { confirmMfaEnrolment, disableMfa, startMfaEnrolment } from './mfa.ts'

export default async function mfaRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireUser)

  api.post('/api/auth/mfa/setup', {
    schema: {
      tags: ['auth'],
      summary: 'Start enrolling an authenticator app (needs the password)',
      body: passwordConfirmationSchema,
      response: { 200: mfaSetupResponseSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request) => startMfaEnrolment(ctx, request.user, request.body.password),
  })

  api.post('/api/auth/mfa/enable', {
    schema: {
      tags: ['auth'],
      summary: 'Turn two-factor authentication on with a first code',
      body: mfaCodeSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request) => {
      const session = await request.loadSession()
      await confirmMfaEnrolment(ctx, request.user, request.body.code, session!.idHash)
      return { message: 'Two-factor authentication is on' }
    },
  })

  api.post('/api/auth/mfa/disable', {
    schema: {
      tags: ['auth'],
      summary: 'Turn two-factor authentication off (needs the password and a code)',
      body: mfaDisableRequestSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request) => {
      await disableMfa(ctx, request.user, request.body.password, request.body.code)
      return { message: 'Two-factor authentication is off' }
    },
  })
}
