import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  mfaCodeSchema,
  mfaDisableRequestSchema,
  mfaSetupResponseSchema,
  passwordConfirmationSchema,
  recoveryCodesResponseSchema,
} from '#common/schemas/auth.ts'
import { messageResponseSchema } from '#common/schemas/errors.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses, guessableRoute } from '#server/lib/http.ts'
import { requireUser } from '#server/plugins/auth.ts'
import { confirmMfaEnrolment, disableMfa, regenerateRecoveryCodes, startMfaEnrolment } from './mfa.ts'

export default async function mfaRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireUser)

  api.post('/api/auth/mfa/setup', {
    config: guessableRoute,
    schema: {
      tags: ['auth'],
      summary: 'Start enrolling an authenticator app (needs the password)',
      body: passwordConfirmationSchema,
      response: { 200: mfaSetupResponseSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request) => startMfaEnrolment(ctx, callerOf(request), request.body.password),
  })

  api.post('/api/auth/mfa/enable', {
    schema: {
      tags: ['auth'],
      summary: 'Turn two-factor authentication on with a first code; answers the ten recovery codes, once',
      body: mfaCodeSchema,
      response: { 200: recoveryCodesResponseSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request) => ({
      recoveryCodes: await confirmMfaEnrolment(ctx, callerOf(request), request.body.code),
    }),
  })

  api.post('/api/auth/mfa/recovery-codes', {
    config: guessableRoute,
    schema: {
      tags: ['auth'],
      summary: 'Make ten new recovery codes (needs the password); the old ones stop working',
      body: passwordConfirmationSchema,
      response: { 200: recoveryCodesResponseSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request) => ({
      recoveryCodes: await regenerateRecoveryCodes(ctx, callerOf(request), request.body.password),
    }),
  })

  api.post('/api/auth/mfa/disable', {
    config: guessableRoute,
    schema: {
      tags: ['auth'],
      summary: 'Turn two-factor authentication off (needs the password and a code)',
      body: mfaDisableRequestSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request) => {
      await disableMfa(ctx, callerOf(request), request.body.password, request.body.code)
      return { message: 'Two-factor authentication is off' }
    },
  })
}
